package dev.celer.docs;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Every {@code ```java} sample of the repository's README.md compiles against the real modules
 * (issue 25). This module's test class path has celer-core, celer-hadoop with Hadoop, and
 * celer-lz4-java, which covers the README's samples.
 *
 * <p>The convention a sample follows:
 *
 * <ul>
 *   <li>its {@code import} lines are its own; {@code java.io}, {@code java.nio}, {@code
 *       java.nio.channels}, {@code java.nio.file}, {@code java.util} and {@code
 *       java.util.concurrent} are imported for it;
 *   <li>the rest is the body of a method that may throw any exception and has the parameters
 *       {@code byte[] data} and {@code Path path}; an HTML comment {@code <!-- sample-given: Type
 *       name; ... -->} just above the fence adds parameters (types fully qualified or from the
 *       imports above);
 *   <li>{@code <!-- sample: pending WHAT -->} just above the fence marks a sample of a feature not
 *       merged yet: it must <em>not</em> compile here (so the marker cannot outlive the feature's
 *       arrival), and is compiled for real once the line is removed.
 * </ul>
 */
class ReadmeSamplesTest {

  private static final String IMPORTS = "import java.io.*;\nimport java.nio.*;\nimport java.nio.channels.*;\n"
      + "import java.nio.file.*;\nimport java.util.*;\nimport java.util.concurrent.*;\n";

  /** One {@code ```java} block of the README. */
  static final class Sample {
    final int line;
    final List<String> imports = new ArrayList<>();
    final StringBuilder body = new StringBuilder();
    String given = "";
    boolean pending;

    Sample(int line) {
      this.line = line;
    }

    String className() {
      return "ReadmeSampleLine" + line;
    }

    String source() {
      StringBuilder s = new StringBuilder("package readme;\n").append(IMPORTS);
      for (String i : imports) {
        s.append(i).append('\n');
      }
      String params = "byte[] data, Path path";
      for (String g : given.split(";")) {
        if (!g.isBlank()) {
          params += ", " + g.trim();
        }
      }
      // one line of wrapping before the body, so javac's line numbers map back to the README
      return s.append("class ").append(className()).append(" { void run(").append(params)
          .append(") throws Exception {\n").append(body).append("}}\n").toString();
    }
  }

  static List<Sample> samples(List<String> lines) {
    List<Sample> out = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      if (!lines.get(i).trim().equals("```java")) {
        continue;
      }
      Sample s = new Sample(i + 1);
      for (int j = i - 1; j >= 0 && lines.get(j).trim().startsWith("<!--"); j--) {
        String c = lines.get(j).trim();
        if (c.startsWith("<!-- sample: pending")) {
          s.pending = true;
        } else if (c.startsWith("<!-- sample-given:")) {
          s.given = c.substring("<!-- sample-given:".length(), c.length() - "-->".length());
        }
      }
      int k = i + 1;
      for (; k < lines.size() && !lines.get(k).trim().equals("```"); k++) {
        String l = lines.get(k);
        if (l.startsWith("import ")) {
          s.imports.add(l);
        } else {
          s.body.append(l).append('\n');
        }
      }
      if (k == lines.size()) {
        fail("README.md line " + s.line + ": the java block never closes");
      }
      out.add(s);
      i = k;
    }
    return out;
  }

  static Path readme() {
    Path dir = Path.of("").toAbsolutePath();
    for (Path d = dir; d != null; d = d.getParent()) {
      if (Files.isRegularFile(d.resolve("README.md")) && Files.isDirectory(d.resolve("celer-core"))) {
        return d.resolve("README.md");
      }
    }
    throw new IllegalStateException("no README.md beside celer-core above " + dir);
  }

  /** @return javac's diagnostics, or null when {@code batch} compiles */
  static String compile(JavaCompiler javac, List<Sample> batch, Path out) throws IOException {
    List<JavaFileObject> units = new ArrayList<>();
    for (Sample s : batch) {
      String src = s.source();
      units.add(new SimpleJavaFileObject(
          java.net.URI.create("string:///readme/" + s.className() + ".java"), JavaFileObject.Kind.SOURCE) {
        @Override
        public CharSequence getCharContent(boolean ignoreEncodingErrors) {
          return src;
        }
      });
    }
    StringWriter diagnostics = new StringWriter();
    try (StandardJavaFileManager files = javac.getStandardFileManager(null, null, StandardCharsets.UTF_8)) {
      String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
      List<String> options = Arrays.asList("-proc:none", "-Xlint:none", "-d", out.toString(), "-classpath", classPath);
      boolean ok = javac.getTask(diagnostics, files, null, options, null, units).call();
      return ok ? null : diagnostics.toString();
    }
  }

  @Test
  void everyJavaSampleCompiles() throws IOException {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    Assumptions.assumeTrue(javac != null, "this Java runtime has no compiler (jdk.compiler)");
    List<Sample> all = samples(Files.readAllLines(readme(), StandardCharsets.UTF_8));
    List<Sample> ready = new ArrayList<>();
    List<Sample> pending = new ArrayList<>();
    for (Sample s : all) {
      (s.pending ? pending : ready).add(s);
    }
    assertFalse(ready.isEmpty(), "README.md has no ```java sample");
    Path out = Files.createTempDirectory("readme-samples");
    String errors = compile(javac, ready, out);
    assertTrue(errors == null, "README.md samples do not compile (class ReadmeSampleLineN is the "
        + "```java block opening at README line N):\n" + errors);
    for (Sample s : pending) {
      assertTrue(compile(javac, List.of(s), out) != null, "README.md line " + s.line
          + ": this sample marked 'sample: pending' compiles now; remove its marker so it is checked");
    }
    System.out.println("[celer] README samples: " + ready.size() + " compiled, " + pending.size()
        + " pending (do not compile yet, as marked)");
  }
}
