package net.jpountz.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The compile- and link-level check: every public class of lz4-java 1.8.0 and of the fork's
 * release, with every public (and, in classes that can be subclassed, protected) constructor,
 * method and field, exists in this module with the same signature, modifiers that matter to
 * callers and subclasses, supertypes and declared exceptions; except the deliberate omissions
 * in {@code api-omissions.txt}. The real jars are read by reflection in their own class loader.
 */
class ApiCompatibilityTest {

  @Test
  void everythingPublicInLz4Java180IsHere() throws IOException {
    assertSameApi(RealLz4Java.v180());
  }

  @Test
  void everythingPublicInTheForkIsHere() throws IOException {
    assertSameApi(RealLz4Java.fork());
  }

  @Test
  void theOmissionsAreStillNeeded() throws IOException {
    // every omitted class really is public in one of the jars, and really is absent here
    for (String entry : omissions()) {
      String cls = entry.contains("#") ? entry.substring(0, entry.indexOf('#')) : entry;
      boolean inJar = RealLz4Java.v180().classNames().contains(cls) || RealLz4Java.fork().classNames().contains(cls);
      assertTrue(inJar, "omission names nothing in the jars: " + entry);
      if (!entry.contains("#")) {
        assertTrue(ours(cls) == null, "omitted class exists after all: " + cls);
      }
    }
  }

  static Set<String> omissions() throws IOException {
    return Files.readAllLines(Path.of("api-omissions.txt")).stream()
        .map(String::strip)
        .filter(l -> !l.isEmpty() && !l.startsWith("#"))
        .collect(Collectors.toCollection(TreeSet::new));
  }

  private static Class<?> ours(String name) {
    try {
      return Class.forName(name, false, ApiCompatibilityTest.class.getClassLoader());
    } catch (ClassNotFoundException e) {
      return null;
    }
  }

  private static void assertSameApi(RealLz4Java real) throws IOException {
    Set<String> omitted = omissions();
    List<String> problems = new ArrayList<>();
    int checked = 0;
    for (String name : real.classNames()) {
      Class<?> theirs = real.type(name);
      if (!Modifier.isPublic(theirs.getModifiers()) || omitted.contains(name) || !isPubliclyReachable(theirs)) {
        continue;
      }
      Class<?> mine = ours(name);
      if (mine == null) {
        problems.add("missing class " + name);
        continue;
      }
      checked++;
      compareClass(theirs, mine, omitted, problems);
    }
    assertTrue(checked > 20, "too few public classes found in " + real.jar + ": " + checked);
    assertEquals("", String.join("\n", problems), "API differences with " + real.jar.getFileName());
  }

  private static boolean isPubliclyReachable(Class<?> c) {
    for (Class<?> o = c; o != null; o = o.getDeclaringClass()) {
      if (!Modifier.isPublic(o.getModifiers())) {
        return false;
      }
    }
    return true;
  }

  private static void compareClass(Class<?> theirs, Class<?> mine, Set<String> omitted, List<String> problems) {
    String n = theirs.getName();
    if (kind(theirs) != null && !kind(theirs).equals(kind(mine))) {
      problems.add(n + ": is " + kind(mine) + ", lz4-java's is " + kind(theirs));
    }
    if (!Modifier.isFinal(theirs.getModifiers()) && Modifier.isFinal(mine.getModifiers())) {
      problems.add(n + ": final here, not in lz4-java (subclasses would break)");
    }
    if (Modifier.isStatic(theirs.getModifiers()) != Modifier.isStatic(mine.getModifiers())) {
      problems.add(n + ": static nesting differs");
    }
    if (!typeName(theirs.getSuperclass()).equals(typeName(mine.getSuperclass()))) {
      problems.add(n + ": superclass " + typeName(mine.getSuperclass()) + ", lz4-java's " + typeName(theirs.getSuperclass()));
    }
    Set<String> myInterfaces = names(allInterfaces(mine));
    for (String i : names(allInterfaces(theirs))) {
      if (!myInterfaces.contains(i)) {
        problems.add(n + ": does not implement " + i);
      }
    }
    boolean subclassable = !Modifier.isFinal(theirs.getModifiers());
    java.util.Map<String, Executable> mineSigs = new java.util.HashMap<>();
    for (Executable e : members(mine, subclassable)) {
      mineSigs.put(signature(e), e);
    }
    for (Executable e : members(theirs, subclassable)) {
      String sig = signature(e);
      if (omitted.contains(n + "#" + sig)) {
        continue;
      }
      if (!mineSigs.containsKey(sig)) {
        problems.add(n + ": missing or different " + sig);
        continue;
      }
      Executable m = mineSigs.get(sig);
      String diff = modifierProblem(e, m, subclassable);
      if (diff != null) {
        problems.add(n + "#" + sig + ": " + diff);
      }
    }
    for (Field f : theirs.getFields()) {
      try {
        Field g = mine.getField(f.getName());
        if (!typeName(f.getType()).equals(typeName(g.getType()))
            || (f.getModifiers() & (Modifier.STATIC | Modifier.FINAL)) != (g.getModifiers() & (Modifier.STATIC | Modifier.FINAL))) {
          problems.add(n + ": field " + f.getName() + " differs");
        }
      } catch (NoSuchFieldException x) {
        problems.add(n + ": missing field " + f.getName());
      }
    }
  }

  private static String kind(Class<?> c) {
    if (c.isAnnotation()) {
      return "annotation";
    }
    if (c.isInterface()) {
      return "interface";
    }
    if (c.isEnum()) {
      return "enum";
    }
    return Modifier.isAbstract(c.getModifiers()) ? "abstract class" : "class";
  }

  /** Public constructors and methods (inherited ones too), and protected ones when subclassable. */
  private static List<Executable> members(Class<?> c, boolean withProtected) {
    List<Executable> all = new ArrayList<>();
    for (Constructor<?> k : c.getDeclaredConstructors()) {
      if (visible(k.getModifiers(), withProtected)) {
        all.add(k);
      }
    }
    for (Method m : c.getMethods()) {
      if (!m.isSynthetic() && !m.isBridge()) {
        all.add(m);
      }
    }
    for (Class<?> k = c; k != null; k = k.getSuperclass()) {
      for (Method m : k.getDeclaredMethods()) {
        if (withProtected && Modifier.isProtected(m.getModifiers()) && !m.isSynthetic()
            && !k.getName().startsWith("java.")) {
          all.add(m);
        }
      }
    }
    return all;
  }

  private static boolean visible(int mod, boolean withProtected) {
    return Modifier.isPublic(mod) || (withProtected && Modifier.isProtected(mod));
  }

  /** @return e.g. {@code public static int m(byte[], int) throws java.io.IOException} */
  private static String signature(Executable e) {
    String params = Arrays.stream(e.getParameterTypes()).map(ApiCompatibilityTest::typeName).collect(Collectors.joining(", "));
    String ret = e instanceof Method ? typeName(((Method) e).getReturnType()) + " " : "";
    String name = e instanceof Method ? e.getName() : "<init>";
    String vis = Modifier.isPublic(e.getModifiers()) ? "public " : "protected ";
    String stat = Modifier.isStatic(e.getModifiers()) ? "static " : "";
    Set<String> thrown = new TreeSet<>();
    for (Class<?> t : e.getExceptionTypes()) {
      if (!RuntimeException.class.isAssignableFrom(t) && !Error.class.isAssignableFrom(t)) {
        thrown.add(typeName(t)); // checked exceptions: callers' catch clauses depend on them
      }
    }
    return vis + stat + ret + name + "(" + params + ")" + (thrown.isEmpty() ? "" : " throws " + String.join(", ", thrown));
  }

  /** @return what in {@code mine}'s modifiers would break a caller or subclass of lz4-java's, or null */
  private static String modifierProblem(Executable theirs, Executable mine, boolean subclassable) {
    if (subclassable && !Modifier.isFinal(theirs.getModifiers()) && Modifier.isFinal(mine.getModifiers())
        && !Modifier.isStatic(theirs.getModifiers())) {
      return "final here, overridable in lz4-java";
    }
    if (Modifier.isAbstract(mine.getModifiers()) && !Modifier.isAbstract(theirs.getModifiers())) {
      return "abstract here, implemented in lz4-java";
    }
    return null;
  }

  private static Set<Class<?>> allInterfaces(Class<?> c) {
    Set<Class<?>> all = new java.util.LinkedHashSet<>();
    for (Class<?> k = c; k != null; k = k.getSuperclass()) {
      for (Class<?> i : k.getInterfaces()) {
        all.add(i);
        all.addAll(allInterfaces(i));
      }
    }
    return all;
  }

  private static Set<String> names(Set<Class<?>> types) {
    return types.stream().map(ApiCompatibilityTest::typeName).collect(Collectors.toCollection(TreeSet::new));
  }

  private static String typeName(Class<?> c) {
    return c == null ? "none" : c.getTypeName();
  }
}
