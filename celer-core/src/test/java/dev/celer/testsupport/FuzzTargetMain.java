package dev.celer.testsupport;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

import java.io.PrintWriter;
import java.lang.reflect.Method;
import java.util.Arrays;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * Runs one fuzz target ({@code package.Class#method}) through the JUnit platform in this JVM and
 * exits 0 when it passed, 1 on a finding. {@link BoundedFuzzing} starts one such JVM per target
 * with {@code JAZZER_FUZZ=1}, because Jazzer fuzzes one {@code @FuzzTest} per JVM.
 */
public final class FuzzTargetMain {
  private FuzzTargetMain() {}

  /** @param args one target, {@code package.Class#method} */
  public static void main(String[] args) {
    if (args.length != 1 || !args[0].contains("#")) {
      System.err.println("usage: FuzzTargetMain package.Class#method");
      System.exit(2);
    }
    String[] classAndMethod = args[0].split("#", 2);
    Method target;
    try {
      Class<?> c = Class.forName(classAndMethod[0]);
      target = Arrays.stream(c.getDeclaredMethods())
          .filter(m -> m.getName().equals(classAndMethod[1]))
          .findFirst()
          .orElseThrow(() -> new NoSuchMethodException(args[0]));
    } catch (ReflectiveOperationException e) {
      System.out.println("FuzzTargetMain: no such target " + args[0] + ": " + e);
      System.exit(2);
      return;
    }
    LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
        .selectors(selectMethod(target.getDeclaringClass(), target))
        .build();
    SummaryGeneratingListener listener = new SummaryGeneratingListener();
    Launcher launcher = LauncherFactory.create();
    launcher.execute(request, listener);
    TestExecutionSummary summary = listener.getSummary();
    summary.printFailuresTo(new PrintWriter(System.out, true), 40);
    boolean ran = summary.getTestsSucceededCount() + summary.getTestsFailedCount() > 0;
    if (!ran) {
      System.out.println("FuzzTargetMain: no test ran for " + args[0]);
    }
    System.exit(ran && summary.getTotalFailureCount() == 0 ? 0 : 1);
  }
}
