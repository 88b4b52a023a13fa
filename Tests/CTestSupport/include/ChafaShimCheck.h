// A compile-time check, with nothing to call: check.c fails to build when CChafaShim's
// declarations differ from chafa's header.
#pragma once
