#include <mpg123.h>
