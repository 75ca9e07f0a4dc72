package org.parquetarrow.cli;

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
    description = "Inspect, probe, draw, time and convert Parquet files.",
    subcommands = {
      SchemaCommand.class,
      MetaCommand.class,
      PagesCommand.class,
      BloomCommand.class,
      LayoutCommand.class,
      HeadCommand.class,
      CatCommand.class,
      BenchCommand.class,
      ToArrowCommand.class,
      FromArrowCommand.class,
      ScanCommand.class,
      DemoCommand.class,
      ServeCommand.class,
      GetCommand.class,
      CommandLine.HelpCommand.class
    })
public final class ParquetArrowCommand implements Runnable {
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

  /** The command line with the project's error handling, for {@link #main} and for tests. */
  public static CommandLine commandLine() {
    CommandLine cl = new CommandLine(new ParquetArrowCommand());
    cl.setExecutionExceptionHandler(new FailureHandler());
    return cl;
  }

  public static void main(String[] args) {
    // netty (Arrow's allocator) turns Unsafe off on JDK 24+ unless told otherwise; bin/parquet-arrow
    // passes --sun-misc-unsafe-memory-access=allow, this covers a bare `java -jar`
    if (System.getProperty("io.netty.noUnsafe") == null) {
      System.setProperty("io.netty.noUnsafe", "false");
    }
    System.exit(commandLine().execute(args));
  }
}
