#pragma once
#include <histedit.h>
