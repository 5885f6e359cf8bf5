package net.jpountz.compat;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarFile;
import org.opentest4j.TestAbortedException;

/**
 * A real lz4-java jar (1.8.0 or the fork), loaded in its own class loader beside this module's
 * {@code net.jpountz} classes: the class loader's parent is the platform loader, so the two sets of
 * same-named classes never meet. The build resolves the jars and passes their paths as system
 * properties ({@code lz4java.jar}, {@code lz4java.fork.jar}); surefire keeps them off the test
 * class path.
 */
final class RealLz4Java {
  final Path jar;
  final ClassLoader loader;

  private RealLz4Java(Path jar) {
    this.jar = jar;
    try {
      this.loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, ClassLoader.getPlatformClassLoader());
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  private static RealLz4Java v180;
  private static RealLz4Java fork;

  /** @return lz4-java 1.8.0 */
  static synchronized RealLz4Java v180() {
    if (v180 == null) {
      v180 = new RealLz4Java(jar("lz4java.jar"));
    }
    return v180;
  }

  /** @return the fork's release ({@code lz4java.fork.version} in the parent pom) */
  static synchronized RealLz4Java fork() {
    if (fork == null) {
      fork = new RealLz4Java(jar("lz4java.fork.jar"));
    }
    return fork;
  }

  private static Path jar(String property) {
    String p = System.getProperty(property);
    if (p == null || !Files.isRegularFile(Path.of(p))) {
      // Only when the test runs outside Maven (an IDE without the property): say so, do not pass silently.
      throw new TestAbortedException("system property " + property + " does not name the jar: " + p);
    }
    return Path.of(p);
  }

  /** @return the names of the jar's classes (nested ones included), in jar order */
  List<String> classNames() throws IOException {
    List<String> names = new ArrayList<>();
    try (JarFile jf = new JarFile(jar.toFile())) {
      jf.stream()
          .map(e -> e.getName())
          .filter(n -> n.endsWith(".class") && !n.startsWith("META-INF/") && !n.equals("module-info.class"))
          .forEach(n -> names.add(n.substring(0, n.length() - ".class".length()).replace('/', '.')));
    }
    return names;
  }

  Class<?> type(String name) {
    try {
      return Class.forName(name, false, loader);
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * Calls the public method {@code name} declared on {@code owner} (a class of this jar, by name)
   * whose parameter types are {@code types}; unwraps the target's exception.
   */
  Object call(String owner, Object target, String name, Class<?>[] types, Object... args) throws Throwable {
    Method m = type(owner).getMethod(name, types);
    try {
      return m.invoke(target, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }

  /** {@link #call} for code that expects no exception. */
  Object invoke(String owner, Object target, String name, Class<?>[] types, Object... args) {
    try {
      return call(owner, target, name, types, args);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable t) {
      throw new IllegalStateException(t);
    }
  }

  /** @return a new instance of the jar's class {@code name} through its public constructor */
  Object construct(String name, Class<?>[] types, Object... args) {
    try {
      return type(name).getConstructor(types).newInstance(args);
    } catch (InvocationTargetException e) {
      if (e.getCause() instanceof RuntimeException) {
        throw (RuntimeException) e.getCause();
      }
      throw new IllegalStateException(e.getCause());
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(e);
    }
  }
}
