package dev.celer.internal;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Loading a library (explicit, bundled, system: {@link #load}) and binding its functions: what
 * {@link Lz4Library} and {@link XxHashLibrary} share.
 */
final class NativeLibraries {
  private NativeLibraries() {}

  private static final Linker LINKER = Linker.nativeLinker();

  /** Thrown when a library is found but refused (too old, failed self-test); the message is the reason. */
  static final class Refused extends Exception {
    private static final long serialVersionUID = 1L;

    Refused(String reason) {
      super(reason, null, false, false);
    }
  }

  /** A library to load: its name, property, bundled file and system names. */
  static final class Spec {
    final String name;
    final String property;
    final String bundled;
    final String linuxName;
    final String macName;
    final String windowsName;
    /** A symbol every version has, e.g. {@code LZ4_versionNumber}: tells two loaded copies apart. */
    final String probe;

    /**
     * @param name e.g. {@code "liblz4"}
     * @param property the system property naming an explicit file, e.g. {@code dev.celer.native.lz4}
     * @param bundled the library's name in {@code celer-native}'s files, e.g. {@code "lz4"}
     */
    Spec(String name, String property, String bundled, String linuxName, String macName, String windowsName, String probe) {
      this.name = name;
      this.property = property;
      this.bundled = bundled;
      this.linuxName = linuxName;
      this.macName = macName;
      this.windowsName = windowsName;
      this.probe = probe;
    }
  }

  /** Accepts a candidate library (version check) or refuses it. */
  interface Check {
    /**
     * @return the library's name and version, e.g. {@code "liblz4 1.10.0"}
     * @throws Refused (or anything) when it is not to be used
     */
    String accept(SymbolLookup lib) throws Throwable;
  }

  /** A loaded and accepted library. */
  static final class Loaded {
    final SymbolLookup lib;
    /** e.g. {@code "liblz4 1.10.0"}. */
    final String name;
    /**
     * Where it came from, then why each earlier step failed, e.g. {@code "bundled linux-x86_64,
     * memfd"} or {@code "system liblz4.so.1; bundled: celer-native is not on the class or module
     * path"}.
     */
    final String origin;

    Loaded(SymbolLookup lib, String name, String origin) {
      this.lib = lib;
      this.name = name;
      this.origin = origin;
    }
  }

  /**
   * Loads a library, in this order, taking the first one that loads and that {@code check}
   * accepts: (1) the file named by the system property {@code spec.property} (a path, or a name
   * the dynamic linker searches for); (2) the build of the optional {@code celer-native} module
   * for this platform ({@link BundledNatives}), unless {@code dev.celer.native.bundled=off}; (3)
   * the system library ({@code liblz4.so.1}, ...). Each step that fails adds its reason to the
   * result's origin.
   *
   * @throws Refused when no step gives a library (its message: every step's reason), and the
   *     caller's half of the backend stays in pure Java
   */
  static Loaded load(Spec spec, Check check) throws Refused {
    List<String> failed = new ArrayList<>();
    String explicit = System.getProperty(spec.property);
    if (explicit != null) {
      String what = explicit + " (" + spec.property + ")";
      try {
        boolean path = explicit.indexOf('/') >= 0 || explicit.indexOf(java.io.File.separatorChar) >= 0;
        SymbolLookup lib = path ? SymbolLookup.libraryLookup(Path.of(explicit), Arena.global()) : SymbolLookup.libraryLookup(explicit, Arena.global());
        return new Loaded(lib, check.accept(lib), what + tail(failed));
      } catch (IllegalArgumentException e) {
        failed.add(what + " cannot be loaded: " + e.getMessage());
      } catch (Throwable t) {
        failed.add(what + ": " + reason(spec.name, t));
      }
    }
    SymbolLookup refusedBundled = null;
    String bundledMode = System.getProperty("dev.celer.native.bundled", "on").trim().toLowerCase(Locale.ROOT);
    if (bundledMode.equals("off")) {
      failed.add("bundled: off (dev.celer.native.bundled=off)");
    } else {
      List<String> notes = new ArrayList<>();
      try {
        BundledNatives.Opened b = BundledNatives.open(spec.bundled, notes);
        refusedBundled = b.lib;
        String name = check.accept(b.lib);
        notes.add(0, b.origin);
        return new Loaded(b.lib, name, String.join("; ", notes) + tail(failed));
      } catch (IllegalArgumentException e) {
        notes.add("cannot be loaded: " + e.getMessage());
      } catch (Throwable t) {
        notes.add(reason(spec.name, t));
      }
      failed.add("bundled: " + String.join("; ", notes));
    }
    String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
    String system = os.startsWith("mac") ? spec.macName : os.startsWith("windows") ? spec.windowsName : spec.linuxName;
    try {
      SymbolLookup lib = SymbolLookup.libraryLookup(system, Arena.global());
      if (refusedBundled != null && refusedBundled.find(spec.probe).equals(lib.find(spec.probe))) {
        // a bundled library keeps its upstream soname (liblz4.so.1): once loaded, the dynamic linker
        // returns it for that name
        throw new Refused("the dynamic linker gives the bundled library loaded before (same soname)");
      }
      return new Loaded(lib, check.accept(lib), "system " + system + tail(failed));
    } catch (IllegalArgumentException e) {
      failed.add("system " + system + " cannot be loaded: " + e.getMessage());
    } catch (Throwable t) {
      failed.add("system " + system + ": " + reason(spec.name, t));
    }
    throw new Refused(String.join("; ", failed));
  }

  private static String tail(List<String> failed) {
    return failed.isEmpty() ? "" : "; " + String.join("; ", failed);
  }

  /** How a downcall is made. */
  enum Call {
    /** {@code critical(true)}: takes heap segments (arrays, no copy); holds off safepoints while it runs. */
    HEAP,
    /** {@code critical(false)}: native memory only, cheaper to enter; holds off safepoints while it runs. */
    SHORT,
    /** An ordinary downcall: the JVM can reach a safepoint while it runs (long calls). */
    ORDINARY
  }

  /**
   * Looks {@code symbol} up and makes its downcall handle of kind {@code call}.
   *
   * @throws Refused when the symbol is missing
   */
  static MethodHandle bind(SymbolLookup lib, String symbol, FunctionDescriptor fd, Call call) throws Refused {
    var address = lib.find(symbol).orElseThrow(() -> new Refused("symbol " + symbol + " is missing"));
    return switch (call) {
      case HEAP -> LINKER.downcallHandle(address, fd, Linker.Option.critical(true));
      case SHORT -> LINKER.downcallHandle(address, fd, Linker.Option.critical(false));
      case ORDINARY -> LINKER.downcallHandle(address, fd);
    };
  }

  /** @return the handle of {@code symbol}, or {@code null} when the library does not have it (an optional capability) */
  static MethodHandle bindOptional(SymbolLookup lib, String symbol, FunctionDescriptor fd, Call call) throws Refused {
    return lib.find(symbol).isPresent() ? bind(lib, symbol, fd, call) : null;
  }

  /** The first of {@code symbols} that the library has (e.g. a {@code _dispatch} variant before the plain one). */
  static MethodHandle bindFirst(SymbolLookup lib, FunctionDescriptor fd, Call call, String... symbols) throws Refused {
    for (String s : symbols) {
      if (lib.find(s).isPresent()) {
        return bind(lib, s, fd, call);
      }
    }
    throw new Refused("symbol " + symbols[symbols.length - 1] + " is missing");
  }

  /** @return the minimum version: the system property {@code property} (for tests), else {@code dflt} */
  static int minimum(String property, int dflt) {
    return Integer.getInteger(property, dflt);
  }

  /** @return {@code 10904} as {@code "1.9.4"}, the encoding of {@code LZ4_versionNumber} and {@code XXH_versionNumber} */
  static String version(int v) {
    return (v / 10000) + "." + (v / 100 % 100) + "." + (v % 100);
  }

  /**
   * The groups of entry points (see {@link Lz4Library}) that failed their binding or self-test,
   * each as {@code "<group> in pure Java: <reason>"}, in the order they failed; for {@link
   * NativeBackend#status()}.
   */
  private static final List<String> GROUP_FAILURES = new CopyOnWriteArrayList<>();

  /** Binds a group's handles and self-tests them. */
  interface GroupBinder {
    MethodHandle[] bind(SymbolLookup lib) throws Throwable;
  }

  /**
   * One group's binding and self-test, run by its holder's class initialisation (in {@link
   * Lz4Library} and {@link XxHashLibrary}).
   *
   * @param failure why the library is not in use, or {@code null} when it is
   * @return the handles, or {@code null} when the library is not in use or the group failed (then
   *     its reason is recorded for {@link NativeBackend#status()})
   */
  static MethodHandle[] group(String library, String failure, SymbolLookup lib, String name, String what, GroupBinder binder) {
    if (failure != null) {
      return null;
    }
    try {
      MethodHandle[] h = binder.bind(lib);
      forcedFailure(what, name);
      return h;
    } catch (Throwable t) {
      groupFailed(what, reason(library, t));
      return null;
    }
  }

  /** Records that the group {@code what} stays in pure Java, and why. */
  static void groupFailed(String what, String reason) {
    String prefix = what + " in pure Java: ";
    if (GROUP_FAILURES.stream().noneMatch(f -> f.startsWith(prefix))) { // a function's shapes share their group's name
      GROUP_FAILURES.add(prefix + reason);
    }
  }

  /** @return the failed groups, {@code "; "}-separated, or {@code ""} */
  static String groupFailures() {
    return String.join("; ", GROUP_FAILURES);
  }

  /**
   * For tests: the system property {@code dev.celer.native.failSelfTest}, a comma-separated list
   * of group names (e.g. {@code "HC compression,XXH64"}), makes those groups fail as a failed
   * self-test would.
   *
   * @throws Refused when {@code what} is listed
   */
  static void forcedFailure(String what, String library) throws Refused {
    String list = System.getProperty("dev.celer.native.failSelfTest");
    if (list != null && Arrays.asList(list.split(",")).contains(what)) {
      throw new Refused(library + " failed its self-test: " + what + " (forced by dev.celer.native.failSelfTest)");
    }
  }

  /** @return the reason a library failed, for {@link NativeBackend#status()} */
  static String reason(String library, Throwable t) {
    if (t instanceof Refused) {
      return t.getMessage();
    }
    return library + " failed to bind or self-test: " + t;
  }
}
