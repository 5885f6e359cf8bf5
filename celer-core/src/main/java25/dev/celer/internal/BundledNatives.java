package dev.celer.internal;

import static java.lang.foreign.ValueLayout.JAVA_LONG;

import dev.celer.internal.NativeLibraries.Refused;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.net.URI;
import java.net.URL;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

/**
 * The libraries of the optional {@code celer-native} module (issue 22): step 2 of {@link
 * NativeLibraries#load}. The module's jar holds {@code META-INF/celer-native/natives.properties}
 * and {@code META-INF/celer-native/<platform>/<file>}; it is found as a resource of this class's
 * loader (then of the system loader), on the class path or the module path alike ({@code META-INF}
 * is no package, so no module encapsulates it; on the module path the automatic module {@code
 * dev.celer.natives} must be resolved, e.g. {@code --add-modules dev.celer.natives}, since no module
 * requires it). A library is read from the same jar as the
 * manifest, and its SHA-256 compared with the manifest's before it is loaded:
 *
 * <ul>
 *   <li>On Linux from an anonymous file, without writing any file: {@code memfd_create} (through
 *       the C library's {@code syscall} function, so glibc before 2.27 needs no wrapper), the
 *       bytes written, the file sealed against any change ({@code F_SEAL_WRITE}, {@code
 *       F_SEAL_SHRINK}, {@code F_SEAL_GROW}, {@code F_SEAL_SEAL}), read back and hashed, then
 *       opened by {@code dlopen} under its {@code /proc/self/fd/N} name. The descriptor stays open
 *       for the life of the JVM: the dynamic loader knows the library by that name, and a later
 *       descriptor of the same number must not look loaded already.
 *   <li>Where that fails (kernels before 3.17, a seccomp filter, an LSM that refuses to map an
 *       anonymous file executable), and on macOS and Windows: from a per-user cache directory
 *       ({@link #cacheDirectory}), under a name made of the content hash, written under a
 *       temporary name and renamed atomically, owner-only, and hashed again before every load.
 * </ul>
 *
 * {@code java.io.tmpdir} is never used: it may be missing, unwritable or mounted {@code noexec}.
 */
final class BundledNatives {
  private BundledNatives() {}

  /** Where {@code celer-native} keeps its files. */
  static final String ROOT = "META-INF/celer-native/";

  /** The largest library file accepted from a manifest (a hostile manifest must not make us allocate more). */
  private static final int MAX_SIZE = 64 << 20;

  /** A bundled library, loaded. */
  static final class Opened {
    final SymbolLookup lib;
    /** e.g. {@code "bundled linux-x86_64, memfd"} or {@code "bundled linux-x86_64, /home/u/.cache/celer-native/<sha>-liblz4.so"}. */
    final String origin;

    Opened(SymbolLookup lib, String origin) {
      this.lib = lib;
      this.origin = origin;
    }
  }

  /**
   * Loads the bundled library {@code library} ({@code "lz4"}, {@code "xxhash"}) of this platform.
   *
   * @param notes receives why the anonymous file was not used, when the cache was
   * @throws Refused why there is no bundled library to load, or why it failed to load
   */
  static Opened open(String library, List<String> notes) throws Refused {
    Bundle b = Bundle.get();
    String file = fileName(library, b.platform);
    String key = b.platform + "/" + file;
    String sha = b.manifest.getProperty(key + ".sha256");
    String size = b.manifest.getProperty(key + ".size");
    if (sha == null || size == null) {
      throw new Refused("celer-native has no " + file + " for " + b.platform);
    }
    byte[] bytes = read(b, key, sha, size);
    String memfdFailure;
    if (b.platform.startsWith("linux-")) {
      if ("off".equals(System.getProperty("dev.celer.native.memfd"))) {
        memfdFailure = "off (dev.celer.native.memfd=off)";
      } else {
        try {
          return new Opened(Memfd.load(file, bytes, sha), "bundled " + b.platform + ", memfd");
        } catch (Refused e) {
          memfdFailure = e.getMessage();
        } catch (Throwable t) {
          memfdFailure = t.toString();
        }
      }
      notes.add("memfd: " + memfdFailure);
    }
    Path loaded = Cache.load(file, bytes, sha);
    return new Opened(SymbolLookup.libraryLookup(loaded, Arena.global()), "bundled " + b.platform + ", " + loaded);
  }

  /** @return the library's bytes from the jar, checked against the manifest's size and SHA-256 */
  private static byte[] read(Bundle b, String key, String sha, String size) throws Refused {
    int n;
    try {
      n = Integer.parseInt(size);
    } catch (NumberFormatException e) {
      n = -1;
    }
    if (n <= 0 || n > MAX_SIZE) {
      throw new Refused("celer-native's natives.properties gives " + key + " the size " + size);
    }
    byte[] bytes;
    String base = b.manifestUrl.toString();
    try (InputStream in = URI.create(base.substring(0, base.lastIndexOf('/') + 1) + key).toURL().openStream()) {
      bytes = in.readNBytes(n + 1);
    } catch (IOException | IllegalArgumentException e) {
      throw new Refused("celer-native's " + key + " cannot be read: " + e);
    }
    if (bytes.length != n) {
      throw new Refused("celer-native's " + key + " has " + bytes.length + " bytes, natives.properties says " + n);
    }
    verify(bytes, sha, "celer-native's " + key);
    return bytes;
  }

  /** @throws Refused unless {@code bytes} hash to {@code sha} (lowercase hex SHA-256) */
  static void verify(byte[] bytes, String sha, String what) throws Refused {
    String actual = sha256(bytes);
    if (!actual.equals(sha.trim().toLowerCase(Locale.ROOT))) {
      throw new Refused(what + " does not match natives.properties: sha-256 " + actual + ", expected " + sha.trim());
    }
  }

  static String sha256(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }

  // ------------------------------------------------------------------------------------ platform

  /**
   * The platform names of the contract with {@code celer-native}: {@code linux-x86_64}, {@code
   * linux-aarch64}, their {@code -musl} forms, {@code macos-x86_64}, {@code macos-aarch64}, {@code
   * windows-x86_64}.
   *
   * @param osName {@code os.name}
   * @param osArch {@code os.arch}
   * @param musl whether the process runs on musl's C library (Linux only)
   * @return the platform's name, or {@code null} when {@code celer-native} has no build for it
   */
  static String platform(String osName, String osArch, boolean musl) {
    String os = osName.toLowerCase(Locale.ROOT);
    String arch = osArch.toLowerCase(Locale.ROOT);
    String a = arch.equals("amd64") || arch.equals("x86_64") ? "x86_64" : arch.equals("aarch64") || arch.equals("arm64") ? "aarch64" : null;
    if (a == null) {
      return null;
    }
    if (os.equals("linux")) {
      return "linux-" + a + (musl ? "-musl" : "");
    }
    if (os.startsWith("mac os") || os.startsWith("darwin")) {
      return "macos-" + a;
    }
    return os.startsWith("windows") && a.equals("x86_64") ? "windows-x86_64" : null;
  }

  /** @return the library files of the contract: {@code liblz4.so}, {@code liblz4.dylib}, {@code lz4.dll} (for {@code "lz4"}) */
  static String fileName(String library, String platform) {
    return platform.startsWith("windows-") ? library + ".dll" : "lib" + library + (platform.startsWith("macos-") ? ".dylib" : ".so");
  }

  /**
   * Which C library the JVM runs on, from the objects mapped into this process ({@code
   * /proc/self/maps}): musl's dynamic loader is {@code ld-musl-<arch>.so.1} (Alpine's {@code
   * libc.musl-<arch>.so.1} is a link to it), glibc's {@code ld-linux-*.so.2} with {@code
   * libc.so.6}. The loader the process runs under is what a library must link against, whatever
   * else is installed (Debian can install musl beside glibc).
   *
   * @param maps the text of {@code /proc/self/maps} (one mapping per line, the file's path last)
   * @return whether the process runs on musl
   */
  static boolean musl(String maps) {
    return mapsFile(maps, "/ld-musl-") || mapsFile(maps, "/libc.musl-");
  }

  /** @return whether a line of {@code maps} ends in a file whose name starts with {@code prefix} (after its slash) */
  private static boolean mapsFile(String maps, String prefix) {
    for (int i = maps.indexOf(prefix); i >= 0; i = maps.indexOf(prefix, i + 1)) {
      int end = maps.indexOf('\n', i);
      int slash = maps.indexOf('/', i + 1);
      if (slash < 0 || (end >= 0 && slash > end)) {
        return true; // no further slash on this line: the file's own name
      }
    }
    return false;
  }

  /**
   * @return whether this Linux process runs on musl: {@link #musl(String)} (one read of the maps as
   *     bytes: a JVM maps a few thousand objects, and splitting them into lines took 10 ms of a cold
   *     start), or the files of musl's loader when the maps cannot be read
   */
  private static boolean muslHere(String arch) {
    try {
      return musl(new String(Files.readAllBytes(Path.of("/proc/self/maps")), java.nio.charset.StandardCharsets.ISO_8859_1));
    } catch (IOException | UncheckedIOException e) {
      return Files.exists(Path.of("/lib/ld-musl-" + arch + ".so.1"))
          && !Files.exists(Path.of(arch.equals("x86_64") ? "/lib64/ld-linux-x86-64.so.2" : "/lib/ld-linux-aarch64.so.1"));
    }
  }

  /** The manifest and this platform, read once per class loader of Celer. */
  private static final class Bundle {
    final URL manifestUrl;
    final Properties manifest;
    final String platform;

    private Bundle(URL manifestUrl, Properties manifest, String platform) {
      this.manifestUrl = manifestUrl;
      this.manifest = manifest;
      this.platform = platform;
    }

    private static final Object BUNDLE = find();

    static Bundle get() throws Refused {
      if (BUNDLE instanceof Bundle b) {
        return b;
      }
      throw new Refused((String) BUNDLE);
    }

    /** @return the bundle, or why there is none */
    private static Object find() {
      String osName = System.getProperty("os.name", "");
      String osArch = System.getProperty("os.arch", "");
      String arch = osArch.equals("amd64") ? "x86_64" : osArch;
      // the platform's name without the C library first: no need to read the maps for an OS or
      // machine celer-native has no build for, nor when celer-native is absent (below)
      if (platform(osName, osArch, false) == null) {
        return "celer-native has no build for " + osName + " " + osArch;
      }
      ClassLoader own = BundledNatives.class.getClassLoader();
      URL url = own == null ? null : own.getResource(ROOT + "natives.properties");
      if (url == null) {
        url = ClassLoader.getSystemResource(ROOT + "natives.properties");
      }
      if (url == null) {
        // on the module path an automatic module nothing requires is not resolved: it must be added
        return BundledNatives.class.getModule().isNamed()
            ? "celer-native is not on the class path, nor resolved on the module path (--add-modules dev.celer.natives)"
            : "celer-native is not on the class or module path";
      }
      Properties p = new Properties();
      try (InputStream in = url.openStream()) {
        p.load(in);
      } catch (IOException | IllegalArgumentException e) {
        return "celer-native's natives.properties cannot be read: " + e;
      }
      return new Bundle(url, p, platform(osName, osArch, osName.equalsIgnoreCase("linux") && muslHere(arch)));
    }
  }

  // -------------------------------------------------------------------------------------- memfd

  /**
   * Loading from an anonymous file (Linux). Bound at its first use. Every call goes through the C
   * library's {@code syscall} function, one downcall handle of one shape for {@code memfd_create},
   * {@code fcntl} and {@code close}: each further handle costs a cold JVM 10 to 90 ms to make
   * (measured on JDK 25 here), and the system calls are what the wrappers would make anyway
   * (glibc before 2.27 has no {@code memfd_create} wrapper at all). celer-native builds Linux
   * libraries for x86_64 and aarch64 only, whose system call numbers are below.
   */
  private static final class Memfd {
    private static final Linker LINKER = Linker.nativeLinker();
    private static final MemoryLayout STATE = Linker.Option.captureStateLayout();
    private static final VarHandle ERRNO = STATE.varHandle(MemoryLayout.PathElement.groupElement("errno"));

    /** {@code MFD_CLOEXEC}: not inherited by programs the JVM executes. */
    static final long MFD_CLOEXEC = 0x1;
    /** {@code MFD_ALLOW_SEALING}: for {@code F_ADD_SEALS} (implied by {@link #MFD_NOEXEC_SEAL}). */
    static final long MFD_ALLOW_SEALING = 0x2;
    /**
     * {@code MFD_NOEXEC_SEAL} (Linux 6.3): the file can never be made executable ({@code execve});
     * mapping it executable, which is all {@code dlopen} needs, stays allowed (checked on 6.18,
     * also under {@code vm.memfd_noexec=2}). With {@code vm.memfd_noexec=2}, kernels 6.3 to 6.5
     * refuse a memfd without this flag and later kernels refuse {@code MFD_EXEC}; kernels before
     * 6.3 reject the flag with {@code EINVAL}, and the call is repeated without it.
     */
    static final long MFD_NOEXEC_SEAL = 0x8;
    static final int EINVAL = 22;
    static final long F_ADD_SEALS = 1033;
    /** {@code F_SEAL_SEAL | F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE}: the bytes hashed are the bytes loaded. */
    static final long SEALS = 0x1 | 0x2 | 0x4 | 0x8;

    /** {@code long syscall(long number, ...)} with three variadic {@code long} arguments, errno captured. */
    private static final MethodHandle SYSCALL = LINKER.defaultLookup().find("syscall")
        .map(s -> LINKER.downcallHandle(s, FunctionDescriptor.of(JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG),
            Linker.Option.firstVariadicArg(1), Linker.Option.captureCallState("errno")))
        .orElse(null);

    /** System call numbers: {@code memfd_create}, {@code fcntl}, {@code close} ({@code asm/unistd*.h}). */
    private static long[] numbers() throws Refused {
      switch (System.getProperty("os.arch")) {
        case "amd64":
        case "x86_64":
          return new long[] {319, 72, 3};
        case "aarch64":
          return new long[] {279, 25, 57};
        default:
          throw new Refused("no system call numbers known for " + System.getProperty("os.arch"));
      }
    }

    static SymbolLookup load(String file, byte[] bytes, String sha) throws Throwable {
      if (SYSCALL == null) {
        throw new Refused("the C library has no syscall function");
      }
      long[] nr = numbers();
      try (Arena arena = Arena.ofConfined()) {
        MemorySegment name = arena.allocateFrom("celer-" + file);
        MemorySegment state = arena.allocate(STATE);
        long fd = (long) SYSCALL.invokeExact(state, nr[0], name.address(), MFD_CLOEXEC | MFD_NOEXEC_SEAL, 0L);
        if (fd < 0 && (int) ERRNO.get(state, 0L) == EINVAL) { // before Linux 6.3
          fd = (long) SYSCALL.invokeExact(state, nr[0], name.address(), MFD_CLOEXEC | MFD_ALLOW_SEALING, 0L);
        }
        if (fd < 0) {
          throw new Refused("memfd_create failed: errno " + (int) ERRNO.get(state, 0L));
        }
        boolean loaded = false;
        try {
          Path path = Path.of("/proc/self/fd/" + fd);
          Files.write(path, bytes, StandardOpenOption.WRITE);
          if ((long) SYSCALL.invokeExact(state, nr[1], fd, F_ADD_SEALS, SEALS) != 0) {
            throw new Refused("sealing the memfd failed: errno " + (int) ERRNO.get(state, 0L));
          }
          verify(Files.readAllBytes(path), sha, "the memfd copy of " + file);
          SymbolLookup lib = SymbolLookup.libraryLookup(path.toString(), Arena.global());
          loaded = true;
          return lib;
        } finally {
          if (!loaded) {
            long ignored = (long) SYSCALL.invokeExact(state, nr[2], fd, 0L, 0L);
          }
        }
      }
    }
  }

  // -------------------------------------------------------------------------------------- cache

  /**
   * The per-user cache directory for bundled libraries: the system property {@code
   * dev.celer.native.cache} when set; else {@code $XDG_CACHE_HOME/celer-native} (an absolute
   * {@code XDG_CACHE_HOME}), {@code ~/.cache/celer-native} on Linux and other Unix systems, {@code
   * ~/Library/Caches/celer-native} on macOS, {@code %LOCALAPPDATA%\celer-native} on Windows.
   *
   * @return the directory, or {@code null} when there is none (no home directory, no {@code LOCALAPPDATA})
   */
  static Path cacheDirectory(String property, String osName, Map<String, String> env, String home) {
    if (property != null && !property.isEmpty()) {
      return Path.of(property);
    }
    String os = osName.toLowerCase(Locale.ROOT);
    if (os.startsWith("windows")) {
      String local = env.get("LOCALAPPDATA");
      return local == null || local.isEmpty() ? null : Path.of(local, "celer-native");
    }
    boolean homeKnown = home != null && !home.isEmpty() && !home.equals("?");
    if (os.startsWith("mac os") || os.startsWith("darwin")) {
      return homeKnown ? Path.of(home, "Library", "Caches", "celer-native") : null;
    }
    String xdg = env.get("XDG_CACHE_HOME");
    if (xdg != null && xdg.startsWith("/")) {
      return Path.of(xdg, "celer-native");
    }
    return homeKnown ? Path.of(home, ".cache", "celer-native") : null;
  }

  /** The cache path. */
  static final class Cache {
    private Cache() {}

    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rwx------");

    /**
     * Puts {@code bytes} (SHA-256 {@code sha}, already checked) into the cache directory as
     * {@code <sha>-<file>}, unless a file of that name with those bytes is there (hashed now, right
     * before its load), and checks a file it wrote once more.
     *
     * @return the file to load
     * @throws Refused when there is no cache directory, it is not safe, or the file cannot be written or does not match
     */
    static Path load(String file, byte[] bytes, String sha) throws Refused {
      Path dir = cacheDirectory(System.getProperty("dev.celer.native.cache"), System.getProperty("os.name", ""), System.getenv(),
          System.getProperty("user.home"));
      if (dir == null) {
        throw new Refused("no per-user cache directory (no home directory or LOCALAPPDATA; set dev.celer.native.cache)");
      }
      try {
        dir = dir.toAbsolutePath();
        boolean posix = Files.getFileStore(existingAncestor(dir)).supportsFileAttributeView(PosixFileAttributeView.class);
        if (posix) {
          Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
          checkOwnerOnly(dir);
        } else {
          Files.createDirectories(dir);
        }
        Path target = dir.resolve(sha + "-" + file);
        byte[] now = readIfThere(target, bytes.length);
        if (now == null || !sha256(now).equals(sha)) {
          write(dir, target, file, bytes, posix);
          verify(readBounded(target, bytes.length), sha, target.toString());
        }
        return target;
      } catch (IOException | UncheckedIOException | UnsupportedOperationException | SecurityException e) {
        throw new Refused("cache " + dir + ": " + e);
      }
    }

    /** @return the closest existing directory at or above {@code dir} (for its file store) */
    private static Path existingAncestor(Path dir) {
      Path p = dir;
      while (p != null && !Files.exists(p)) {
        p = p.getParent();
      }
      return p == null ? dir.getRoot() : p;
    }

    /**
     * @throws IOException unless {@code dir} belongs to the user this process runs as and no one
     *     else may write into it (then no one else can swap a file between its check and its load)
     */
    static void checkOwnerOnly(Path dir) throws IOException {
      PosixFileAttributes a = Files.readAttributes(dir, PosixFileAttributes.class);
      UserPrincipal me = currentUser();
      if (me != null && !a.owner().equals(me)) {
        throw new IOException(dir + " belongs to " + a.owner().getName() + ", not to " + me.getName());
      }
      Set<PosixFilePermission> p = a.permissions();
      if (p.contains(PosixFilePermission.GROUP_WRITE) || p.contains(PosixFilePermission.OTHERS_WRITE)) {
        throw new IOException(dir + " may be written by others (" + PosixFilePermissions.toString(p) + ")");
      }
    }

    /** @return the process's user: the owner of {@code /proc/self} on Linux, else of the home directory */
    private static UserPrincipal currentUser() throws IOException {
      Path self = Path.of("/proc/self");
      if (Files.exists(self)) {
        return Files.getOwner(self);
      }
      String home = System.getProperty("user.home");
      return home == null || !Files.isDirectory(Path.of(home)) ? null : Files.getOwner(Path.of(home));
    }

    /** @return the file's bytes (at most {@code size + 1}), or {@code null} when it is missing */
    private static byte[] readIfThere(Path target, int size) throws IOException {
      try {
        return readBounded(target, size);
      } catch (NoSuchFileException e) {
        return null;
      }
    }

    /** @return the file's bytes, at most {@code size + 1} of them */
    private static byte[] readBounded(Path file, int size) throws IOException {
      try (InputStream in = Files.newInputStream(file)) {
        return in.readNBytes(size + 1);
      }
    }

    /**
     * Writes {@code bytes} into a new file of a unique temporary name in {@code dir} (owner-only
     * on POSIX), forces it to disk and renames it atomically to {@code target}: a concurrent JVM or
     * class loader sees the whole file or none (they write the same bytes under the same name).
     */
    private static void write(Path dir, Path target, String file, byte[] bytes, boolean posix) throws IOException {
      FileAttribute<?>[] attrs = posix ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(OWNER_ONLY)} : new FileAttribute<?>[0];
      Path tmp = Files.createTempFile(dir, "." + file + "-", ".tmp", attrs);
      try {
        try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
          java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(bytes);
          while (b.hasRemaining()) {
            ch.write(b);
          }
          ch.force(true);
        }
        try {
          Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
          throw e;
        } catch (IOException e) {
          // Windows: the target may be in use by another process (a loaded DLL cannot be replaced);
          // it is hashed before it is loaded in any case
          if (!Files.exists(target)) {
            throw e;
          }
        }
      } finally {
        Files.deleteIfExists(tmp);
      }
    }
  }
}
