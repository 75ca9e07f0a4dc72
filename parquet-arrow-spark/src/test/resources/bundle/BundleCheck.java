import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * Run by SparkBundleIT in a child JVM whose class path is Spark's jars and the parquet-arrow-spark
 * bundle only (java's source-file mode, so no class of ours comes from anywhere but the bundle).
 * Writes ZSTD and SNAPPY files with Spark's built-in writer, reads them through parquet-arrow and
 * through the built-in reader, and reads a file from a loopback S3 server through the bundle's
 * relocated AWS SDK. Results go to a key=value file for the test to check.
 *
 * Arguments: result file, work directory, S3 endpoint, S3 location, access key, secret key.
 */
public class BundleCheck {
  public static void main(String[] args) throws Exception {
    Path result = Path.of(args[0]);
    Path work = Path.of(args[1]);
    List<String> out = new ArrayList<>();
    SparkSession spark = SparkSession.builder()
        .master("local[2]")
        .appName("parquet-arrow-bundle-check")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .getOrCreate();
    try {
      Dataset<Row> data = spark.range(0, 20_000).selectExpr("id", "cast(id % 7 as int) as k",
          "concat('v', cast(id % 101 as string)) as s", "id * 0.5 as d");
      for (String codec : List.of("zstd", "snappy")) {
        String dir = work.resolve(codec).toString();
        data.repartition(2).write().option("compression", codec).parquet(dir);
        Dataset<Row> ours = spark.read().format("parquet-arrow").load(dir);
        Dataset<Row> builtIn = spark.read().parquet(dir);
        out.add(codec + ".count=" + ours.count());
        out.add(codec + ".onlyOurs=" + ours.exceptAll(builtIn).count());
        out.add(codec + ".onlyBuiltIn=" + builtIn.exceptAll(ours).count());
        out.add(codec + ".filtered=" + ours.where("k = 3 and id < 1000").count());
        out.add(codec + ".plan=" + ours.where("k = 3").queryExecution().executedPlan().toString().contains("ParquetArrowScan"));
      }
      Dataset<Row> remote = spark.read().format("parquet-arrow")
          .option("s3.endpoint", args[2]).option("s3.region", "us-east-1")
          .option("s3.accessKeyId", args[4]).option("s3.secretAccessKey", args[5])
          .load(args[3]);
      out.add("s3.count=" + remote.count());
      out.add("s3.sum=" + remote.selectExpr("sum(id)").first().getLong(0));
      out.add("source.ours=" + where("org.parquetarrow.spark.ParquetArrowDataSource"));
      out.add("source.thrift=" + where("org.parquetarrow.shaded.org.apache.thrift.TBase"));
      out.add("source.awssdk=" + where("org.parquetarrow.shaded.software.amazon.awssdk.services.s3.S3Client"));
      out.add("source.zstd=" + where("com.github.luben.zstd.Zstd"));
      out.add("source.arrow=" + where("org.apache.arrow.vector.VectorSchemaRoot"));
      out.add("loadable.thrift=" + loadable("org.apache.thrift.TBase"));
      out.add("loadable.awssdk=" + loadable("software.amazon.awssdk.services.s3.S3Client"));
    } finally {
      spark.stop();
    }
    Files.write(result, out);
  }

  private static String where(String className) throws ClassNotFoundException {
    String loc = Class.forName(className).getProtectionDomain().getCodeSource().getLocation().getPath();
    return Path.of(loc).getFileName().toString();
  }

  private static boolean loadable(String className) {
    try {
      Class.forName(className);
      return true;
    } catch (ClassNotFoundException e) {
      return false;
    }
  }
}
