#if canImport(Glibc)
import Glibc
#endif
import MetroCLI

exit(MetrotimerCLI.main())
