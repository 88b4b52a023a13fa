// ThreadSanitizer's suppressions for the test bundle: see suppressions.c. Nothing to call.
#pragma once
