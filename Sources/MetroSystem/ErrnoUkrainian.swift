import Glibc

extension Errno {
    /// The failures a path the rider names commonly meets, worded in Ukrainian (nil for any other: its C library
    /// text is then quoted as it is). A rider who asked in Ukrainian for a file to be written or read should read
    /// why it was not in Ukrainian; the errno number stays beside it for whoever searches for it.
    public var ukrainianDescription: String? {
        switch rawValue {
        case ENOENT: return "немає такого файлу чи каталогу"
        case EISDIR: return "це каталог"
        case ENOTDIR: return "частина шляху — не каталог"
        case EACCES: return "доступ заборонено"
        case EPERM: return "дію не дозволено"
        case EEXIST: return "файл уже існує"
        case ENOSPC: return "на пристрої немає місця"
        case EDQUOT: return "квоту диска вичерпано"
        case EROFS: return "файлова система лише для читання"
        case EFBIG: return "файл завеликий"
        case ENAMETOOLONG: return "задовга назва файлу"
        case ELOOP: return "забагато символьних посилань у шляху"
        case ETXTBSY: return "файл зайнятий"
        default: return nil
        }
    }
}
