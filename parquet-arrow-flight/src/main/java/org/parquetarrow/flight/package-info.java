/**
 * Arrow Flight over Parquet datasets: {@link org.parquetarrow.flight.ParquetFlightServer} serves
 * directories of Parquet files as named datasets (one endpoint per file, back-pressured streams,
 * atomic uploads, {@code refresh}/{@code describe} actions, scale-out over peers, bearer/basic auth
 * and TLS); {@link org.parquetarrow.flight.FlightDatasetClient} reads one back from any server.
 *
 * <pre>{@code
 * try (ParquetFlightServer server = ParquetFlightServer.builder(allocator).dataset(Path.of("/data/events")).start();
 *     FlightDatasetClient client = FlightDatasetClient.builder(server.location(), allocator).connect()) {
 *   long rows = client.read(client.info(new FlightQuery("events", null, "year = 2024")), batch -> { });
 * }
 * }</pre>
 */
package org.parquetarrow.flight;
