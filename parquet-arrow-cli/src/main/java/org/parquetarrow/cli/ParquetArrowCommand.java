package org.parquetarrow.cli;

import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/**
 * The {@code parquet-arrow} command: inspects, probes, draws, times and converts Parquet files.
 * Every subcommand has {@code --help}. Exit status: 0 on success, 2 for input that cannot be read or
 * written as asked (malformed, truncated, unsupported, wrong or missing key, bad option), 1 for an
 * internal failure.
 *
 * <pre>
 * parquet-arrow schema data.parquet
 * parquet-arrow meta data.parquet --json
 * parquet-arrow bloom data.parquet --column name --value alice
 * parquet-arrow head data.parquet -n 5 --columns id,user.name
 * parquet-arrow to-arrow data.parquet data.arrow
 * parquet-arrow scan data/ --filter "year = 2024 and id < 100" --metrics-json metrics.json
 * parquet-arrow demo
 * </pre>
 */
@Command(
    name = "parquet-arrow",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = "Inspect, probe, draw, time and convert Parquet files.")
public final class ParquetArrowCommand implements Runnable {
  /**
   * A subcommand: its name (as its {@code @Command} gives it) and its class, by name: a class
   * literal would load every command's class (and what verifying it loads) up front.
   */
  private record Subcommand(String name, String className) {
    Class<?> load() {
      try {
        return Class.forName(className);
      } catch (ClassNotFoundException e) {
        throw new IllegalStateException("the command class " + className + " is missing from the jar", e);
      }
    }
  }

  /**
   * Every subcommand, in the order {@code --help} lists them. They are added by hand rather than
   * in the {@code @Command} annotation because picocli builds the model of every subcommand it is
   * given, reflecting over its options and loading what they name (Jackson for the JSON-printing
   * commands, Arrow IPC, Flight…): a {@code schema} in a fresh JVM loaded about twice the classes
   * it uses. {@link #commandLine(String...)} adds only the one the arguments name.
   */
  private static final List<Subcommand> SUBCOMMANDS = List.of(
      new Subcommand("schema", "org.parquetarrow.cli.SchemaCommand"),
      new Subcommand("meta", "org.parquetarrow.cli.MetaCommand"),
      new Subcommand("pages", "org.parquetarrow.cli.PagesCommand"),
      new Subcommand("bloom", "org.parquetarrow.cli.BloomCommand"),
      new Subcommand("layout", "org.parquetarrow.cli.LayoutCommand"),
      new Subcommand("head", "org.parquetarrow.cli.HeadCommand"),
      new Subcommand("cat", "org.parquetarrow.cli.CatCommand"),
      new Subcommand("bench", "org.parquetarrow.cli.BenchCommand"),
      new Subcommand("to-arrow", "org.parquetarrow.cli.ToArrowCommand"),
      new Subcommand("from-arrow", "org.parquetarrow.cli.FromArrowCommand"),
      new Subcommand("scan", "org.parquetarrow.cli.ScanCommand"),
      new Subcommand("demo", "org.parquetarrow.cli.DemoCommand"),
      new Subcommand("serve", "org.parquetarrow.cli.ServeCommand"),
      new Subcommand("get", "org.parquetarrow.cli.GetCommand"),
      new Subcommand("help", "picocli.CommandLine$HelpCommand"));

  @Option(
      names = "--verbose",
      scope = ScopeType.INHERIT,
      description = "Print the stack trace of a failure.")
  boolean verbose;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(), "a command is required");
  }

  /** The command line with every subcommand and the project's error handling. */
  public static CommandLine commandLine() {
    return commandLine((String[]) null);
  }

  /**
   * The command line to run {@code args} with: when they name a subcommand (after the top-level
   * {@code --verbose}, if any), only that one is built, so that a short command such as
   * {@code schema} starts without the models of the others; otherwise (no command, a misspelt
   * one, {@code --help}, {@code help}, {@code --version}) every subcommand, so that usage, "did
   * you mean" and help list them all. Either way {@code args} then runs as before.
   *
   * <pre>{@code
   * int status = ParquetArrowCommand.commandLine(args).execute(args);
   * }</pre>
   */
  public static CommandLine commandLine(String... args) {
    String named = namedSubcommand(args);
    CommandLine cl = new CommandLine(new ParquetArrowCommand());
    for (Subcommand s : SUBCOMMANDS) {
      if (named == null || s.name().equals(named)) {
        cl.addSubcommand(s.name(), s.load());
      }
    }
    cl.setExecutionExceptionHandler(new FailureHandler());
    return cl;
  }

  /**
   * The subcommand {@code args} run, or {@code null} when they run none or one whose usage needs
   * the others ({@code help}).
   */
  private static String namedSubcommand(String[] args) {
    if (args == null) {
      return null;
    }
    for (String arg : args) {
      if (arg.equals("--verbose")) {
        continue; // the one top-level option that comes before a command
      }
      for (Subcommand s : SUBCOMMANDS) {
        if (s.name().equals(arg) && !arg.equals("help")) {
          return arg;
        }
      }
      return null;
    }
    return null;
  }

  public static void main(String[] args) {
    // netty (Arrow's allocator) turns Unsafe off on JDK 24+ unless told otherwise; bin/parquet-arrow
    // passes --sun-misc-unsafe-memory-access=allow, this covers a bare `java -jar`
    if (System.getProperty("io.netty.noUnsafe") == null) {
      System.setProperty("io.netty.noUnsafe", "false");
    }
    CommandLine cl = commandLine(args);
    int status;
    try {
      status = cl.execute(args);
    } catch (OutOfMemoryError e) {
      // picocli hands only Exceptions to FailureHandler; without this a large value or batch ends
      // the command with the JVM's stack trace and no word on what to change
      String command = namedSubcommand(args);
      PrintWriter err = cl.getErr();
      err.println("parquet-arrow" + (command == null ? "" : " " + command) + ": out of Java memory ("
          + e.getMessage() + ", at most " + (Runtime.getRuntime().maxMemory() >> 20) + " MiB of heap);"
          + " give the JVM more, e.g. " + FailureHandler.MORE_MEMORY);
      if (java.util.Arrays.asList(args).contains("--verbose")) {
        e.printStackTrace(err);
      }
      err.flush();
      status = FailureHandler.INTERNAL;
    }
    System.exit(status);
  }
}
