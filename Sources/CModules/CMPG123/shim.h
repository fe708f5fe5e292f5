#include <mpg123.h>

#include "buffered_reader.h"
