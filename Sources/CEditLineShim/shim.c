#include "CEditLineShim.h"
