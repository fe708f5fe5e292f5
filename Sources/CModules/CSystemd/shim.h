#include <systemd/sd-daemon.h>
#include <systemd/sd-bus.h>
