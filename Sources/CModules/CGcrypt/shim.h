#include <gcrypt.h>

// gcry_control is variadic, which Swift cannot call: libgcrypt's required start-up, in C.
// Secure memory is for keys; a file's content hash needs none.
static inline int meditate_gcrypt_start(void) {
    if (gcry_check_version(GCRYPT_VERSION) == NULL) return 0;
    gcry_control(GCRYCTL_DISABLE_SECMEM, 0);
    gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
    return 1;
}
