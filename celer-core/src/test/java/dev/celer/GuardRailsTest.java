package dev.celer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.celer.lz4.Lz4;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The library's guard rails (CONTRIBUTING.md), checked on the compiled classes of celer-core,
 * multi-release layers included: no {@code sun.misc.Unsafe}, no {@code jdk.internal} or other
 * {@code sun.*} API (also not by name, for reflection), no {@code System}/{@code Runtime}
 * {@code load}/{@code loadLibrary}, no {@code native} methods, and {@code java.lang.foreign} and
 * {@code jdk.incubator.vector} only in a {@code META-INF/versions/N/} layer. The base classes are
 * Java 11 class files (version 55 or lower), those of layer N at most Java N's (issue 24). The check
 * reads each class file's version, constant pool and method flags, so it sees what the bytecode
 * uses, not what the source seems to say.
 */
class GuardRailsTest {

  @Test
  void libraryClassesKeepTheRules() throws Exception {
    Path root = Path.of(Lz4.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    List<String> violations = new ArrayList<>();
    int[] classes = {0};
    walkClasses(root, (name, bytes) -> {
      classes[0]++;
      violations.addAll(violations(name, bytes));
    });
    assertTrue(classes[0] > 50, "found only " + classes[0] + " classes under " + root);
    assertTrue(violations.isEmpty(), String.join("\n", violations));
  }

  /** The checker itself finds each kind of violation (in a class of this test made to break them). */
  @Test
  void checkerFindsEachKindOfViolation() throws Exception {
    String name = RuleBreaker.class.getName().replace('.', '/') + ".class";
    byte[] bytes;
    try (var in = GuardRailsTest.class.getClassLoader().getResourceAsStream(name)) {
      bytes = in.readAllBytes();
    }
    List<String> found = violations(name, bytes);
    assertEquals(5, found.size(), String.join("\n", found));
    assertTrue(found.stream().anyMatch(v -> v.contains("native method")), found.toString());
    assertTrue(found.stream().anyMatch(v -> v.contains("loadLibrary")), found.toString());
    assertTrue(found.stream().anyMatch(v -> v.contains("sun.misc.Unsafe")), found.toString());
    assertTrue(found.stream().anyMatch(v -> v.contains("java/lang/foreign")), found.toString());
    assertTrue(found.stream().anyMatch(v -> v.contains("jdk/incubator/vector")), found.toString());
    assertEquals(3, violations("META-INF/versions/22/" + name, bytes).size(),
        "java.lang.foreign and jdk.incubator.vector are allowed in a version layer");
    // the same class file made a Java 17 one (major version 61): too new for the base classes
    byte[] java17 = bytes.clone();
    java17[6] = 0;
    java17[7] = 61;
    List<String> tooNew = violations(name, java17);
    assertEquals(6, tooNew.size(), String.join("\n", tooNew));
    assertTrue(tooNew.stream().anyMatch(v -> v.contains("class file version 61")), tooNew.toString());
    assertEquals(3, violations("META-INF/versions/17/" + name, java17).size(), "Java 17 class files are allowed in layer 17");
    assertEquals(4, violations("META-INF/versions/16/" + name, java17).size(), "but not in layer 16");
  }

  /** Breaks every rule once; never loaded, only read as a class file. */
  @SuppressWarnings("unused")
  private static final class RuleBreaker {
    native void nativeMethod();

    void load() {
      System.loadLibrary("x");
    }

    String unsafeByName() {
      return "sun.misc.Unsafe";
    }

    String foreignByName() {
      return "java.lang.foreign.Arena"; // Java 11 has no java.lang.foreign to refer to directly
    }

    String vectorByName() {
      return "jdk.incubator.vector.ByteVector"; // nor jdk.incubator.vector
    }
  }

  interface ClassVisitor {
    void visit(String name, byte[] bytes) throws IOException;
  }

  /** Every {@code .class} under {@code root}, a folder or a jar. */
  private static void walkClasses(Path root, ClassVisitor visitor) throws IOException {
    if (Files.isDirectory(root)) {
      visit(root, root, visitor);
    } else {
      try (FileSystem jar = FileSystems.newFileSystem(URI.create("jar:" + root.toUri()), Map.of())) {
        Path top = jar.getPath("/");
        visit(top, top, visitor);
      }
    }
  }

  private static void visit(Path top, Path dir, ClassVisitor visitor) throws IOException {
    List<Path> files;
    try (Stream<Path> s = Files.walk(dir)) {
      files = s.filter(p -> p.toString().endsWith(".class")).sorted().collect(Collectors.toList());
    }
    for (Path f : files) {
      visitor.visit(top.relativize(f).toString(), Files.readAllBytes(f));
    }
  }

  /** What the class file {@code name} (path inside the jar or folder) does against the rules. */
  static List<String> violations(String name, byte[] bytes) throws IOException {
    boolean versionLayer = name.startsWith("META-INF/versions/");
    List<String> out = new ArrayList<>();
    DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes));
    if (in.readInt() != 0xCAFEBABE) {
      throw new IOException(name + ": not a class file");
    }
    in.readUnsignedShort(); // minor
    int major = in.readUnsignedShort();
    // Java N writes class file version N + 44: 55 is Java 11
    int maxMajor = 55;
    if (versionLayer) {
      String layer = name.substring("META-INF/versions/".length());
      maxMajor = Integer.parseInt(layer.substring(0, layer.indexOf('/'))) + 44;
    }
    if (major > maxMajor) {
      out.add(name + ": class file version " + major + " (Java " + (major - 44) + "), above " + maxMajor
          + (versionLayer ? " (the layer's Java version)" : " (Java 11: the base classes must load on Java 11)"));
    }
    int count = in.readUnsignedShort();
    Object[] pool = new Object[count]; // String for Utf8, int[] {tag, a, b} for the others
    for (int i = 1; i < count; i++) {
      int tag = in.readUnsignedByte();
      switch (tag) {
        case 1: // Utf8
          pool[i] = in.readUTF();
          break;
        case 3: case 4: // Integer, Float
          in.readInt();
          break;
        case 5: case 6: // Long, Double: two slots
          in.readLong();
          i++;
          break;
        case 7: case 8: case 16: case 19: case 20: // Class, String, MethodType, Module, Package
          pool[i] = new int[] {tag, in.readUnsignedShort(), 0};
          break;
        case 9: case 10: case 11: case 12: case 17: case 18: // refs, NameAndType, (Invoke)Dynamic
          pool[i] = new int[] {tag, in.readUnsignedShort(), in.readUnsignedShort()};
          break;
        case 15: // MethodHandle
          pool[i] = new int[] {tag, in.readUnsignedByte(), in.readUnsignedShort()};
          break;
        default:
          throw new IOException(name + ": unknown constant pool tag " + tag + " at " + i);
      }
    }
    for (Object c : pool) {
      if (c instanceof String) {
        String s = ((String) c).replace('.', '/');
        if (s.contains("sun/misc/") || s.contains("jdk/internal/") || s.contains("sun/nio/")) {
          out.add(name + ": uses " + ((String) c).replace('/', '.') + " (sun.misc.Unsafe, jdk.internal and sun.* are off limits)");
        }
        if (!versionLayer && s.contains("java/lang/foreign/")) {
          out.add(name + ": uses java/lang/foreign outside a META-INF/versions/ layer: " + c);
        }
        if (!versionLayer && s.contains("jdk/incubator/vector/")) {
          out.add(name + ": uses jdk/incubator/vector outside a META-INF/versions/ layer: " + c);
        }
      }
    }
    for (Object c : pool) {
      if (c instanceof int[] && (((int[]) c)[0] == 10 || ((int[]) c)[0] == 11)) { // (Interface)Methodref
        int[] ref = (int[]) c;
        String owner = (String) pool[((int[]) pool[ref[1]])[1]];
        String method = (String) pool[((int[]) pool[ref[2]])[1]];
        if ((owner.equals("java/lang/System") || owner.equals("java/lang/Runtime"))
            && (method.equals("load") || method.equals("loadLibrary"))) {
          out.add(name + ": calls " + owner.replace('/', '.') + "." + method);
        }
      }
    }
    in.readUnsignedShort(); // access flags
    in.readUnsignedShort(); // this class
    in.readUnsignedShort(); // super class
    int interfaces = in.readUnsignedShort();
    in.skipBytes(2 * interfaces);
    skipMembers(in); // fields
    int methods = in.readUnsignedShort();
    for (int m = 0; m < methods; m++) {
      int flags = in.readUnsignedShort();
      String methodName = (String) pool[in.readUnsignedShort()];
      in.readUnsignedShort(); // descriptor
      skipAttributes(in);
      if ((flags & 0x0100) != 0) {
        out.add(name + ": native method " + methodName);
      }
    }
    return out;
  }

  private static void skipMembers(DataInputStream in) throws IOException {
    int n = in.readUnsignedShort();
    for (int i = 0; i < n; i++) {
      in.skipBytes(6); // flags, name, descriptor
      skipAttributes(in);
    }
  }

  private static void skipAttributes(DataInputStream in) throws IOException {
    int n = in.readUnsignedShort();
    for (int i = 0; i < n; i++) {
      in.readUnsignedShort();
      in.skipBytes(in.readInt());
    }
  }
}
