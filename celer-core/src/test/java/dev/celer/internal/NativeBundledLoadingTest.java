package dev.celer.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Loading the libraries of {@code celer-native} (issue 22; {@code BundledNatives} and {@code
 * NativeLibraries.load} of the Java 25 layer): from an anonymous file (memfd) on Linux, from the
 * per-user cache when memfd is not used, never from {@code java.io.tmpdir}; hash mismatches
 * refused with their reason; several JVMs and class loaders at once. Each case runs in a fresh
 * JVM ({@link NativeFallbackTest#main}: the status line, then "ok" after a round trip), since the
 * libraries are loaded once per class loader.
 *
 * <p>Runs where the native backend is expected ({@code celer.expect.native}) and {@code
 * celer-native} on the test class path has this platform's libraries (celer-core's test
 * dependency); the platform-naming checks run wherever the Java 25 layer is on the class path.
 */
class NativeBundledLoadingTest {
  private static final boolean EXPECT_NATIVE = Boolean.getBoolean("celer.expect.native");
  private static final String PLATFORM = "linux-x86_64";
  /** The libxxhash version celer-native bundles, from its manifest (the status line names it). */
  private static final String XXH = "libxxhash " + bundledVersion("xxhash.version", "0.8.4");

  private static String bundledVersion(String key, String absent) {
    try (InputStream in = NativeBundledLoadingTest.class.getClassLoader()
        .getResourceAsStream("META-INF/celer-native/natives.properties")) {
      if (in == null) {
        return absent;
      }
      Properties p = new Properties();
      p.load(in);
      return p.getProperty(key, absent);
    } catch (IOException e) {
      return absent;
    }
  }

  /** @return the bundled manifest on the test class path, when it has this platform's libraries (only linux-x86_64 is run here) */
  static Properties bundledManifest() throws IOException {
    if (!System.getProperty("os.name").equals("Linux") || !System.getProperty("os.arch").equals("amd64")) {
      return null;
    }
    try (InputStream in = NativeBundledLoadingTest.class.getClassLoader().getResourceAsStream("META-INF/celer-native/natives.properties")) {
      if (in == null) {
        return null;
      }
      Properties p = new Properties();
      p.load(in);
      return p.getProperty(PLATFORM + "/liblz4.so.sha256") == null ? null : p;
    }
  }

  /** @return whether this test JVM's backend is expected to have loaded the bundled libraries */
  static boolean bundledExpected() throws IOException {
    return EXPECT_NATIVE && bundledManifest() != null && !"off".equals(System.getProperty("dev.celer.native.bundled"));
  }

  private static Properties needBundled() throws IOException {
    assumeTrue(EXPECT_NATIVE, "needs the native backend (the native executions on JDK 25)");
    Properties p = bundledManifest();
    if (Boolean.getBoolean("celer.expect.bundled")) { // CI after scripts/build-natives: missing libraries are a failure
      assertNotNull(p, "celer-native on the class path has no libraries for " + PLATFORM);
    }
    assumeTrue(p != null, "celer-native on the class path has no libraries for " + PLATFORM);
    assumeTrue(!"off".equals(System.getProperty("dev.celer.native.bundled")), "the system-library run (dev.celer.native.bundled=off)");
    return p;
  }

  @Test
  void thisJvmLoadedTheExpectedLibraries() throws IOException {
    assumeTrue(EXPECT_NATIVE, "needs the native backend");
    if (Boolean.getBoolean("celer.expect.bundled")) {
      assertNotNull(bundledManifest(), "celer-native on the class path has no libraries for " + PLATFORM);
    }
    String status = NativeBackend.status();
    if (bundledExpected()) {
      assertTrue(status.startsWith("native: liblz4 1.10.0 (bundled " + PLATFORM + ", memfd), libxxhash 0.8."), status);
      assertTrue(status.contains(" (bundled " + PLATFORM + ", memfd)"), status);
    } else {
      assertTrue(status.startsWith("native: liblz4 1.") && status.contains("(system liblz4.so.1; bundled: "), status);
    }
  }

  /**
   * liblz4's {@code lib/} and xxHash are BSD-2-Clause, which asks binary copies to reproduce the
   * notice: wherever celer-native has libraries it carries both notices (scripts/build-natives copies
   * them from the pinned source archives; scripts/natives.py checks their pinned hashes).
   */
  @Test
  void bundleCarriesTheLicenceNotices() throws IOException {
    ClassLoader loader = NativeBundledLoadingTest.class.getClassLoader();
    boolean built = loader.getResource("META-INF/celer-native/natives.properties") != null;
    if (Boolean.getBoolean("celer.expect.bundled")) {
      assertTrue(built, "celer-native on the class path has no natives.properties");
    }
    assumeTrue(built, "celer-native on the class path holds no libraries (scripts/build-natives not run)");
    String[][] notices = {{"LICENSE-liblz4", "LZ4 Library\n"}, {"LICENSE-xxhash", "xxHash Library\n"}};
    for (String[] n : notices) {
      try (InputStream in = loader.getResourceAsStream("META-INF/celer-native/" + n[0])) {
        assertNotNull(in, "celer-native carries no META-INF/celer-native/" + n[0]);
        String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(text.startsWith(n[1]) && text.contains("Copyright (c) ") && text.contains("Yann Collet"), n[0] + ": " + text);
        assertTrue(text.contains("Redistributions in binary form must reproduce the above copyright notice"), n[0] + ": " + text);
      }
    }
  }

  // ------------------------------------------------------------------------- child JVMs

  private static Path scratch(String name) throws IOException {
    Path base = Paths.get("target", "bundled-loading");
    Files.createDirectories(base);
    return Files.createTempDirectory(base, name + "-").toAbsolutePath();
  }

  private static List<String> command(String classPath, String... jvmArgs) {
    List<String> cmd = new ArrayList<>();
    cmd.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-cp");
    cmd.add(classPath);
    cmd.add("--enable-native-access=ALL-UNNAMED");
    cmd.addAll(Arrays.asList(jvmArgs));
    cmd.add(NativeFallbackTest.class.getName());
    return cmd;
  }

  private static String finish(Process p) throws IOException, InterruptedException {
    byte[] out = p.getInputStream().readAllBytes();
    assertTrue(p.waitFor(120, TimeUnit.SECONDS));
    // the JVM's own warning about a missing java.io.tmpdir is not Celer's output
    String text = new String(out, StandardCharsets.UTF_8).replace("WARNING: java.io.tmpdir directory does not exist\n", "");
    assertEquals(0, p.exitValue(), text);
    assertTrue(text.endsWith("ok\n"), text);
    return text.substring(0, text.indexOf('\n'));
  }

  /** @return the status line of a fresh JVM on {@code classPath} with {@code jvmArgs} (after its round trip) */
  private static String runOn(String classPath, String... jvmArgs) throws IOException, InterruptedException {
    return finish(new ProcessBuilder(command(classPath, jvmArgs)).redirectErrorStream(true).start());
  }

  private static String run(String... jvmArgs) throws IOException, InterruptedException {
    return runOn(System.getProperty("java.class.path"), jvmArgs);
  }

  /** @return the test class path with {@code celer-native} replaced by {@code replacement} */
  private static String classPathWith(Path replacement) {
    List<String> out = new ArrayList<>();
    boolean found = false;
    for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
      if (e.contains("celer-native")) {
        out.add(replacement.toString());
        found = true;
      } else {
        out.add(e);
      }
    }
    assertTrue(found, "celer-native is not on the test class path: " + System.getProperty("java.class.path"));
    return String.join(File.pathSeparator, out);
  }

  /** @return the path of the celer-native entry of the test class path (a directory or a jar) */
  private static String nativeEntry() {
    for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
      if (e.contains("celer-native")) {
        return e;
      }
    }
    throw new AssertionError("celer-native is not on the test class path");
  }

  /** @return a copy of celer-native's resources in a new directory, whose manifest {@code edit} may change */
  private static Path copyOfBundle(String name, Properties manifest) throws IOException {
    Path dir = scratch(name);
    Path root = dir.resolve("META-INF/celer-native");
    Files.createDirectories(root.resolve(PLATFORM));
    for (String file : new String[] {"liblz4.so", "libxxhash.so"}) {
      try (InputStream in = NativeBundledLoadingTest.class.getClassLoader().getResourceAsStream("META-INF/celer-native/" + PLATFORM + "/" + file)) {
        assertNotNull(in, file);
        Files.copy(in, root.resolve(PLATFORM).resolve(file));
      }
    }
    try (var out = Files.newOutputStream(root.resolve("natives.properties"))) {
      manifest.store(out, null);
    }
    return dir;
  }

  private static List<Path> files(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.sorted().collect(Collectors.toList());
    }
  }

  /** Linux: the bundled libraries come from memfd, whatever java.io.tmpdir is (here: missing). */
  @Test
  void memfdWithoutATempDirectory() throws Exception {
    needBundled();
    String out = run("-Djava.io.tmpdir=/nonexistent/celer-tmp", "-Ddev.celer.native.cache=/nonexistent/celer-cache");
    assertEquals("native: liblz4 1.10.0 (bundled " + PLATFORM + ", memfd), " + XXH + " (bundled " + PLATFORM + ", memfd)", out);
  }

  /**
   * Without memfd: the cache directory, created owner-only, the files named by their hash,
   * owner-only, no temporary file left; a second JVM takes them as they are; a changed file is
   * replaced before it is loaded.
   */
  @Test
  void cacheWhenMemfdIsOff() throws Exception {
    Properties manifest = needBundled();
    Path cache = scratch("cache").resolve("sub").resolve("celer-native");
    String[] args = {"-Ddev.celer.native.memfd=off", "-Ddev.celer.native.cache=" + cache, "-Djava.io.tmpdir=/nonexistent/celer-tmp"};
    String out = run(args);
    String lz4 = manifest.getProperty(PLATFORM + "/liblz4.so.sha256") + "-liblz4.so";
    String xxh = manifest.getProperty(PLATFORM + "/libxxhash.so.sha256") + "-libxxhash.so";
    assertTrue(out.startsWith("native: liblz4 1.10.0 (bundled " + PLATFORM + ", " + cache.resolve(lz4)
        + "; memfd: off (dev.celer.native.memfd=off)), " + XXH + " (bundled " + PLATFORM + ", " + cache.resolve(xxh) + "; memfd: off"), out);
    List<Path> expected = new ArrayList<>(Arrays.asList(cache.resolve(lz4), cache.resolve(xxh)));
    Collections.sort(expected); // the names start with content hashes
    List<Path> actual = new ArrayList<>(files(cache));
    Collections.sort(actual);
    assertEquals(expected, actual);
    assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(cache)));
    assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(cache.getParent())));
    for (Path f : files(cache)) {
      assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(f)), f.toString());
    }
    long modified = Files.getLastModifiedTime(cache.resolve(lz4)).toMillis();
    assertEquals(out, run(args));
    assertEquals(modified, Files.getLastModifiedTime(cache.resolve(lz4)).toMillis(), "a matching file is not rewritten");

    // a file changed in the cache (same size, other bytes) is replaced, then loaded
    byte[] good = Files.readAllBytes(cache.resolve(lz4));
    byte[] bad = good.clone();
    bad[bad.length / 2] ^= 1;
    Files.write(cache.resolve(lz4), bad);
    assertEquals(out, run(args));
    assertTrue(Arrays.equals(good, Files.readAllBytes(cache.resolve(lz4))), "the changed file was replaced");
    assertEquals(2, files(cache).size(), files(cache).toString());
  }

  /** A cache directory that others may write into is refused (with its reason), and the system library is used. */
  @Test
  void cacheDirectoryWritableByOthersIsRefused() throws Exception {
    needBundled();
    Path cache = scratch("open-cache");
    Files.setPosixFilePermissions(cache, PosixFilePermissions.fromString("rwxrwxrwx"));
    String out = run("-Ddev.celer.native.memfd=off", "-Ddev.celer.native.cache=" + cache);
    assertTrue(out.startsWith("native: liblz4 1.9.4 (system liblz4.so.1; bundled: memfd: off (dev.celer.native.memfd=off); cache " + cache + ": "), out);
    assertTrue(out.contains(cache + " may be written by others (rwxrwxrwx)"), out);
    assertEquals(Collections.emptyList(), files(cache));
  }

  /** A library whose bytes do not match natives.properties is never loaded; the reason names both hashes. */
  @Test
  void hashMismatchIsRefused() throws Exception {
    Properties manifest = (Properties) needBundled().clone();
    String good = manifest.getProperty(PLATFORM + "/liblz4.so.sha256");
    String wrong = (good.charAt(0) == '0' ? "1" : "0") + good.substring(1);
    manifest.setProperty(PLATFORM + "/liblz4.so.sha256", wrong);
    Path bundle = copyOfBundle("mismatch", manifest);
    String out = runOn(classPathWith(bundle));
    assertTrue(out.startsWith("native: liblz4 1.9.4 (system liblz4.so.1; bundled: celer-native's " + PLATFORM
        + "/liblz4.so does not match natives.properties: sha-256 " + good + ", expected " + wrong + "), " + XXH + " (bundled "), out);

    // a size that disagrees is refused before hashing
    manifest.setProperty(PLATFORM + "/liblz4.so.sha256", good);
    manifest.setProperty(PLATFORM + "/liblz4.so.size", "1000");
    out = runOn(classPathWith(copyOfBundle("size", manifest)));
    assertTrue(out.contains("bundled: celer-native's " + PLATFORM + "/liblz4.so has 1001 bytes, natives.properties says 1000"), out);
  }

  /** Without this platform's entry in the manifest, the system library, with the reason. */
  @Test
  void noLibraryForThePlatform() throws Exception {
    Properties manifest = (Properties) needBundled().clone();
    manifest.remove(PLATFORM + "/libxxhash.so.sha256");
    String out = runOn(classPathWith(copyOfBundle("absent", manifest)));
    assertTrue(out.endsWith("libxxhash 0.8.1 (system libxxhash.so.0; bundled: celer-native has no libxxhash.so for " + PLATFORM + ")"), out);
  }

  /** dev.celer.native.bundled=off: straight to the system library (how CI tests it). */
  @Test
  void bundledOff() throws Exception {
    needBundled();
    String out = run("-Ddev.celer.native.bundled=off");
    assertEquals("native: liblz4 1.9.4 (system liblz4.so.1; bundled: off (dev.celer.native.bundled=off)), "
        + "libxxhash 0.8.1 (system libxxhash.so.0; bundled: off (dev.celer.native.bundled=off))", out);
  }

  /** An explicit file comes first; one that cannot be loaded is reported and the bundled library follows. */
  @Test
  void explicitFileFirst() throws Exception {
    needBundled();
    String out = run("-Ddev.celer.native.lz4=/usr/lib/x86_64-linux-gnu/liblz4.so.1", "-Ddev.celer.native.xxhash=/nonexistent/libxxhash.so");
    assertTrue(out.startsWith("native: liblz4 1.9.4 (/usr/lib/x86_64-linux-gnu/liblz4.so.1 (dev.celer.native.lz4)), "
        + XXH + " (bundled " + PLATFORM + ", memfd; /nonexistent/libxxhash.so (dev.celer.native.xxhash) cannot be loaded: "), out);
  }

  /** Four JVMs at once on an empty cache directory, memfd off: each loads the bundled files, and the cache ends whole. */
  @Test
  void fourJvmsFillTheCacheAtOnce() throws Exception {
    needBundled();
    Path cache = scratch("concurrent");
    List<Process> ps = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      ps.add(new ProcessBuilder(command(System.getProperty("java.class.path"), "-Ddev.celer.native.memfd=off", "-Ddev.celer.native.cache=" + cache))
          .redirectErrorStream(true).start());
    }
    for (Process p : ps) {
      String out = finish(p);
      assertTrue(out.startsWith("native: liblz4 1.10.0 (bundled " + PLATFORM + ", " + cache), out);
      assertTrue(out.contains(XXH + " (bundled " + PLATFORM + ", " + cache), out);
    }
    assertEquals(2, files(cache).size(), files(cache).toString());
  }

  /**
   * A read-only, {@code noexec} tmpfs as {@code java.io.tmpdir} (mounted when the machine allows
   * it: root in CI's sandbox): the bundled libraries still load (memfd); and as the cache
   * directory with memfd off, {@code dlopen} cannot map it, which the status says before it
   * falls back to the system library.
   */
  @Test
  void noexecTempDirectory() throws Exception {
    needBundled();
    Path mount = scratch("noexec");
    Process m = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "noexec,nosuid,size=4m", "tmpfs", mount.toString()).redirectErrorStream(true).start();
    String why = new String(m.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
    assumeTrue(m.waitFor() == 0, "cannot mount a noexec tmpfs here: " + why);
    try {
      Files.createDirectories(mount.resolve("cache"));
      Files.setPosixFilePermissions(mount.resolve("cache"), PosixFilePermissions.fromString("rwx------"));
      String out = run("-Djava.io.tmpdir=" + mount, "-Ddev.celer.native.memfd=off", "-Ddev.celer.native.cache=" + mount.resolve("cache"));
      assertTrue(out.startsWith("native: liblz4 1.9.4 (system liblz4.so.1; bundled: memfd: off (dev.celer.native.memfd=off); cannot be loaded: "), out);
      assertTrue(out.contains("cannot be loaded: Cannot open library: " + mount.resolve("cache")), out);
      // read-only too (root could write into a directory without write permission)
      Process ro = new ProcessBuilder("mount", "-o", "remount,ro,noexec,nosuid", mount.toString()).redirectErrorStream(true).start();
      String roWhy = new String(ro.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
      assertEquals(0, ro.waitFor(), roWhy);
      out = run("-Djava.io.tmpdir=" + mount);
      assertEquals("native: liblz4 1.10.0 (bundled " + PLATFORM + ", memfd), " + XXH + " (bundled " + PLATFORM + ", memfd)", out);
    } finally {
      new ProcessBuilder("umount", mount.toString()).inheritIO().start().waitFor();
    }
  }

  // ------------------------------------------------------------- under a seccomp filter

  /**
   * @return {@code src/test/seccomp-exec.py}, which runs a program under a seccomp filter that makes
   *     {@code memfd_create} or sealing fail as a sandbox or an old kernel does; skips the test when
   *     it cannot run here (no python3, no seccomp filters; CI's machines have both)
   */
  private static Path seccompExec() throws IOException, InterruptedException {
    Path script = Paths.get("src/test/seccomp-exec.py");
    if (!Files.exists(script)) {
      script = Paths.get("celer-core/src/test/seccomp-exec.py"); // run from the repository root
    }
    String why;
    try {
      Process p = new ProcessBuilder("python3", script.toAbsolutePath().toString(), "memfd-eperm", "true")
          .redirectErrorStream(true).start();
      why = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
      why = p.waitFor() == 0 ? null : "exit " + p.exitValue() + ": " + why;
    } catch (IOException e) {
      why = "python3: " + e.getMessage();
    }
    // a machine capability, like the noexec mount below: skipped (with the reason) where missing
    assumeTrue(why == null, "no seccomp filter here: " + why);
    return script.toAbsolutePath();
  }

  /** @return the status line of a fresh JVM with {@code jvmArgs} under seccomp-exec.py's {@code mode} filter */
  private static String runUnderSeccomp(String mode, String... jvmArgs) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(Arrays.asList("python3", seccompExec().toString(), mode));
    cmd.addAll(command(System.getProperty("java.class.path"), jvmArgs));
    return finish(new ProcessBuilder(cmd).redirectErrorStream(true).start());
  }

  /**
   * {@code memfd_create} refused by a seccomp profile (EPERM: containers, systemd's {@code
   * SystemCallFilter}) or missing (ENOSYS: kernels before 3.17), played by a real seccomp filter:
   * the per-user cache, with the reason in the status; never {@code java.io.tmpdir} (missing here).
   */
  @Test
  void memfdRefusedOrMissing() throws Exception {
    Properties manifest = needBundled();
    String lz4 = manifest.getProperty(PLATFORM + "/liblz4.so.sha256") + "-liblz4.so";
    String xxh = manifest.getProperty(PLATFORM + "/libxxhash.so.sha256") + "-libxxhash.so";
    for (String[] c : new String[][] {{"memfd-eperm", "1"}, {"memfd-enosys", "38"}}) {
      Path cache = scratch(c[0]).resolve("celer-native");
      String out = runUnderSeccomp(c[0], "-Ddev.celer.native.cache=" + cache, "-Djava.io.tmpdir=/nonexistent/celer-tmp");
      String why = "; memfd: memfd_create failed: errno " + c[1] + ")";
      assertEquals("native: liblz4 1.10.0 (bundled " + PLATFORM + ", " + cache.resolve(lz4) + why + ", "
          + XXH + " (bundled " + PLATFORM + ", " + cache.resolve(xxh) + why, out, c[0]);
      assertEquals(2, files(cache).size(), files(cache).toString());
    }
  }

  /**
   * Kernels before 6.3 reject {@code MFD_NOEXEC_SEAL} with EINVAL (played by a seccomp filter that
   * rejects only calls with that flag): the call without it still gives the anonymous file, and
   * nothing is written anywhere.
   */
  @Test
  void kernelWithoutTheNoexecSeal() throws Exception {
    needBundled();
    String out = runUnderSeccomp("noexec-seal-einval", "-Djava.io.tmpdir=/nonexistent/celer-tmp",
        "-Ddev.celer.native.cache=/nonexistent/celer-cache");
    assertEquals("native: liblz4 1.10.0 (bundled " + PLATFORM + ", memfd), " + XXH + " (bundled " + PLATFORM + ", memfd)", out);
  }

  /**
   * Sealing refused ({@code fcntl(F_ADD_SEALS)} fails with EPERM under a seccomp filter): the
   * anonymous file is not loaded, since its bytes could still change after the hash check; the
   * cache is used, with the reason.
   */
  @Test
  void sealingRefused() throws Exception {
    Properties manifest = needBundled();
    Path cache = scratch("seal").resolve("celer-native");
    String out = runUnderSeccomp("seal-eperm", "-Ddev.celer.native.cache=" + cache);
    String lz4 = manifest.getProperty(PLATFORM + "/liblz4.so.sha256") + "-liblz4.so";
    assertTrue(out.startsWith("native: liblz4 1.10.0 (bundled " + PLATFORM + ", " + cache.resolve(lz4)
        + "; memfd: sealing the memfd failed: errno 1), " + XXH + " (bundled " + PLATFORM + ", " + cache), out);
  }

  /**
   * Two class loaders in this JVM, each with its own copy of Celer (the packaged multi-release
   * jar when the tests run on it, else the class directories in the order a multi-release jar
   * resolves them) and celer-native, initialising at once on two threads: each loads its own
   * memfd copy and works.
   */
  @Test
  void twoClassLoadersAtOnce() throws Exception {
    needBundled();
    List<URL> urls = new ArrayList<>();
    for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
      boolean core = e.contains("celer-core") && !e.contains("test-classes") && !e.endsWith("-tests.jar");
      if (core || e.contains("celer-native")) {
        urls.add(Paths.get(e).toUri().toURL());
      }
    }
    assertTrue(urls.size() >= 2, urls.toString());
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      List<Future<String>> results = new ArrayList<>();
      List<URLClassLoader> loaders = new ArrayList<>();
      for (int i = 0; i < 2; i++) {
        URLClassLoader loader = new URLClassLoader(urls.toArray(new URL[0]), ClassLoader.getPlatformClassLoader());
        loaders.add(loader);
        Callable<String> task = () -> {
          Class<?> lz4 = Class.forName("dev.celer.lz4.Lz4", true, loader);
          assertTrue(lz4.getClassLoader() == loader);
          Object compressor = lz4.getMethod("fastCompressor").invoke(null);
          byte[] data = "two loaders, two loaders, two loaders".getBytes(StandardCharsets.US_ASCII);
          byte[] block = (byte[]) compressor.getClass().getMethod("compress", byte[].class).invoke(compressor, data);
          Object decompressor = lz4.getMethod("decompressor").invoke(null);
          byte[] back = (byte[]) decompressor.getClass().getMethod("decompress", byte[].class, int.class).invoke(decompressor, block, data.length);
          assertTrue(Arrays.equals(data, back));
          return (String) lz4.getMethod("backend").invoke(null);
        };
        results.add(pool.submit(task));
      }
      for (Future<String> f : results) {
        assertEquals("native: liblz4 1.10.0 (bundled " + PLATFORM + ", memfd), " + XXH + " (bundled " + PLATFORM + ", memfd)",
            f.get(60, TimeUnit.SECONDS));
      }
      for (URLClassLoader l : loaders) {
        l.close();
      }
    } finally {
      pool.shutdown();
    }
  }

  /**
   * The module path (the packaged-jar runs, where both modules are jars): celer-native's automatic
   * module {@code dev.celer.natives} is used once resolved ({@code --add-modules}); without that
   * the JDK does not resolve it, and the status says what to add.
   */
  @Test
  void modulePath() throws Exception {
    needBundled();
    String core = null;
    for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
      if (e.contains("celer-core") && e.endsWith(".jar") && !e.endsWith("-tests.jar")) {
        core = e;
      }
    }
    assumeTrue(core != null && nativeEntry().endsWith(".jar"), "needs the packaged jars (packaged-native execution)");
    Path main = scratch("module-path").resolve("Status.java");
    Files.write(main, Arrays.asList(
        "public class Status {",
        "  public static void main(String[] args) {",
        "    System.out.println(dev.celer.lz4.Lz4.backend());",
        "  }",
        "}"), StandardCharsets.US_ASCII);
    String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
    String modules = core + File.pathSeparator + nativeEntry();
    for (String add : new String[] {"dev.celer,dev.celer.natives", "dev.celer"}) {
      Process p = new ProcessBuilder(java, "--enable-native-access=dev.celer", "-p", modules, "--add-modules", add, main.toString())
          .redirectErrorStream(true).start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertEquals(0, p.waitFor(), out);
      if (add.contains("natives")) {
        assertEquals("native: liblz4 1.10.0 (bundled " + PLATFORM + ", memfd), " + XXH + " (bundled " + PLATFORM + ", memfd)\n", out);
      } else {
        assertTrue(out.startsWith("native: liblz4 1.9.4 (system liblz4.so.1; bundled: celer-native is not on the class path, "
            + "nor resolved on the module path (--add-modules dev.celer.natives)), "), out);
      }
    }
  }

  // ------------------------------------------------------------------ pure functions

  /** A package-private method of {@code BundledNatives} (Java 25 layer), or null without the layer. */
  private static Method method(String name, Class<?>... types) {
    return Layer25.method("BundledNatives", name, types);
  }

  @Test
  void platformNames() throws Throwable {
    Method platform = method("platform", String.class, String.class, boolean.class);
    assumeTrue(platform != null, "needs the Java 25 layer");
    String[][] cases = {
        {"Linux", "amd64", "false", "linux-x86_64"},
        {"Linux", "amd64", "true", "linux-x86_64-musl"},
        {"Linux", "aarch64", "false", "linux-aarch64"},
        {"Linux", "aarch64", "true", "linux-aarch64-musl"},
        {"Linux", "riscv64", "false", null},
        {"Linux", "ppc64le", "false", null},
        {"Mac OS X", "x86_64", "false", "macos-x86_64"},
        {"Mac OS X", "aarch64", "false", "macos-aarch64"},
        {"Windows 11", "amd64", "false", "windows-x86_64"},
        {"Windows Server 2022", "amd64", "false", "windows-x86_64"},
        {"Windows 11", "aarch64", "false", null},
        {"FreeBSD", "amd64", "false", null},
    };
    for (String[] c : cases) {
      assertEquals(c[3], Layer25.call(platform, c[0], c[1], Boolean.parseBoolean(c[2])), Arrays.toString(c));
    }
    Method file = method("fileName", String.class, String.class);
    assertEquals("liblz4.so", Layer25.call(file, "lz4", "linux-aarch64-musl"));
    assertEquals("libxxhash.dylib", Layer25.call(file, "xxhash", "macos-aarch64"));
    assertEquals("lz4.dll", Layer25.call(file, "lz4", "windows-x86_64"));
  }

  /** musl is told from the dynamic loader mapped into the process, not from what is installed. */
  @Test
  void muslFromTheMappedLoader() throws Throwable {
    Method musl = method("musl", String.class);
    assumeTrue(musl != null, "needs the Java 25 layer");
    String alpine = String.join("\n",
        "7f0c1a000000-7f0c1a014000 r--p 00000000 00:2a 123 /lib/ld-musl-x86_64.so.1",
        "7f0c1a200000-7f0c1a300000 r-xp 00000000 00:2a 456 /opt/java/openjdk/lib/server/libjvm.so");
    String alpineLink = "7f0c1a000000-7f0c1a014000 r--p 00000000 00:2a 123 /usr/lib/libc.musl-x86_64.so.1\n";
    String debian = String.join("\n",
        "7f0c1a000000-7f0c1a014000 r--p 00000000 00:2a 123 /usr/lib/x86_64-linux-gnu/libc.so.6",
        "7f0c1a400000-7f0c1a414000 r--p 00000000 00:2a 124 /usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2",
        "7ffd0a000000-7ffd0a021000 rw-p 00000000 00:00 0 [stack]");
    assertEquals(true, Layer25.call(musl, alpine));
    assertEquals(true, Layer25.call(musl, alpineLink));
    assertEquals(false, Layer25.call(musl, "7f0c1a000000-7f0c1a014000 r--p 00000000 00:2a 9 /opt/ld-musl-tools/libz.so.1\n"));
    assertEquals(false, Layer25.call(musl, debian));
    if (System.getProperty("os.name").equals("Linux")) { // this machine: glibc (Debian)
      assertEquals(false, Layer25.call(musl, new String(Files.readAllBytes(Paths.get("/proc/self/maps")), StandardCharsets.ISO_8859_1)));
    }
  }

  @Test
  void cacheDirectories() throws Throwable {
    Method dir = method("cacheDirectory", String.class, String.class, Map.class, String.class);
    assumeTrue(dir != null, "needs the Java 25 layer");
    Map<String, String> env = new HashMap<>();
    assertEquals(Paths.get("/home/u/.cache/celer-native"), Layer25.call(dir, null, "Linux", env, "/home/u"));
    env.put("XDG_CACHE_HOME", "relative/ignored");
    assertEquals(Paths.get("/home/u/.cache/celer-native"), Layer25.call(dir, null, "Linux", env, "/home/u"));
    env.put("XDG_CACHE_HOME", "/var/cache/u");
    assertEquals(Paths.get("/var/cache/u/celer-native"), Layer25.call(dir, null, "Linux", env, "/home/u"));
    assertEquals(Paths.get("/Users/u/Library/Caches/celer-native"), Layer25.call(dir, null, "Mac OS X", env, "/Users/u"));
    assertEquals(Paths.get("/x/y"), Layer25.call(dir, "/x/y", "Linux", env, "/home/u"));
    assertEquals(null, Layer25.call(dir, null, "Linux", new HashMap<>(), "?"));
    assertEquals(null, Layer25.call(dir, null, "Windows 11", new HashMap<>(), "C:\\Users\\u"));
    assertFalse(Layer25.call(dir, null, "Linux", new HashMap<>(), "/root").toString().contains(System.getProperty("java.io.tmpdir") + "/"));
  }
}
