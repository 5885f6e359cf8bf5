package dev.celer.internal;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;

/** Opening a system library and binding its functions: what {@link Lz4Library} and {@link XxHashLibrary} share. */
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

  /**
   * Opens the library named by the system property {@code property} (a path, or a name the
   * dynamic linker searches for), else {@code linuxName} or, on macOS, {@code macName}.
   *
   * @return the library's symbols (the library stays loaded for the life of the JVM)
   * @throws Refused when it cannot be loaded
   */
  static SymbolLookup open(String property, String linuxName, String macName) throws Refused {
    String name = System.getProperty(property);
    boolean mac = System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("mac");
    String what = name != null ? name + " (" + property + ")" : mac ? macName : linuxName;
    try {
      if (name == null) {
        return SymbolLookup.libraryLookup(mac ? macName : linuxName, Arena.global());
      }
      return name.indexOf('/') >= 0
          ? SymbolLookup.libraryLookup(Path.of(name), Arena.global())
          : SymbolLookup.libraryLookup(name, Arena.global());
    } catch (IllegalArgumentException e) {
      throw new Refused(what + " cannot be loaded: " + e.getMessage());
    }
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
