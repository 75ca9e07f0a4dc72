package org.parquetarrow.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code layout FILE --svg OUT.svg}: a picture of where the file's bytes go — row groups and column
 * chunks to scale, coloured by codec, labelled with compression ratios.
 */
@Command(name = "layout", mixinStandardHelpOptions = true,
    description = "Draw the file's row groups and column chunks to scale, coloured by codec, as SVG.")
final class LayoutCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "FILE",
      description = "The Parquet file: a local path, s3://bucket/key or http(s)://... (only the footer is read).")
  String file;

  @Option(names = "--svg", required = true, paramLabel = "OUT.svg", description = "Where to write the SVG.")
  Path svg;

  @Mixin DecryptionMixin keys;

  @Mixin StorageMixin storage;

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    String picture;
    try (Locations locations = storage.locations();
        OpenedParquet p = OpenedParquet.open(locations, file, keys.properties())) {
      picture = LayoutSvg.render(p);
    }
    try {
      Files.writeString(svg, picture, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw FileErrors.cannotWrite(svg.toString(), e);
    }
    spec.commandLine().getOut().println("wrote " + svg);
    spec.commandLine().getOut().flush();
    return 0;
  }
}
