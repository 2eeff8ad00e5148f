#include "CICUShim.h"
