package org.parquetarrow.format;

/**
 * Header of any page. Exactly one of the four sub-headers matches {@link #type()}; the others are
 * {@code null}. {@code crc} is {@code null} when the writer wrote none.
 */
public record PageHeader(
    PageType type,
    int uncompressedPageSize,
    int compressedPageSize,
    Integer crc,
    DataPageHeader dataPageHeader,
    IndexPageHeader indexPageHeader,
    DictionaryPageHeader dictionaryPageHeader,
    DataPageHeaderV2 dataPageHeaderV2) {}
