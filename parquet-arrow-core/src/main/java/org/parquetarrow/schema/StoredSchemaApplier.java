package org.parquetarrow.schema;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.extension.UuidType;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * Restores what a writer's original Arrow field said and Parquet cannot (Arrow C++'s
 * {@code ApplyOriginalMetadata}): large and view variants, fixed-size and view lists, durations, time
 * zones, dictionaries of strings and binaries, decimal widths, extension types and field metadata.
 * Each rule applies only when the stored type is compatible with the type inferred from Parquet;
 * otherwise the inferred type stays.
 *
 * <p>Beyond Arrow C++ 18, so that this library's own round trip is exact: view types, list views,
 * map children, {@code date64}, second-unit timestamps and {@code time32}, and uint32 written as
 * INT64 (format 1.0) are restored too, and so are the names of list elements and map
 * entries (Parquet calls them {@code element}, {@code key_value}, {@code key}, {@code value}).
 */
final class StoredSchemaApplier {
  private static final String UUID_EXTENSION = "arrow.uuid";

  private StoredSchemaApplier() {}

  /** {@code inferred} with the information of {@code origin} applied. */
  static FieldMapping apply(Field origin, FieldMapping inferred) {
    if (origin.getType() instanceof ArrowType.ExtensionType ext) {
      Field storage = new Field(origin.getName(),
          new FieldType(origin.isNullable(), ext.storageType(), origin.getDictionary(), origin.getMetadata()),
          origin.getChildren());
      FieldMapping m = applyStorage(storage, inferred);
      if (ext.equals(m.type()) || sameType(ext.storageType(), origin.getChildren(), m.field())) {
        m = m.withType(ext);
      }
      return m;
    }
    FieldMapping m = applyStorage(origin, inferred);
    // arrow-vector only builds registered extension types; the canonical UUID is known here
    if (UUID_EXTENSION.equals(origin.getMetadata().get(PrimitiveTypeMapper.EXTENSION_NAME))
        && m.type() instanceof ArrowType.FixedSizeBinary f && f.getByteWidth() == 16 && m.isLeaf()) {
      m = m.withType(UuidType.INSTANCE);
    }
    return m;
  }

  private static FieldMapping applyStorage(Field origin, FieldMapping inferred) {
    FieldMapping m = inferred;
    if (!inferred.isLeaf()) {
      m = applyNested(origin, inferred);
    } else {
      m = applyLeaf(origin, inferred);
    }
    if (!origin.getMetadata().isEmpty()) {
      // the writer's keys win (its extension tags say more than ours), except the Parquet field id
      Map<String, String> merged = new LinkedHashMap<>(m.field().getMetadata());
      if (origin.getMetadata().containsKey(PrimitiveTypeMapper.EXTENSION_NAME)) {
        merged.remove(PrimitiveTypeMapper.EXTENSION_NAME);
        merged.remove(PrimitiveTypeMapper.EXTENSION_METADATA);
      }
      merged.putAll(origin.getMetadata());
      String fieldId = m.field().getMetadata().get(FieldMappingBuilder.FIELD_ID_KEY);
      if (fieldId != null) {
        merged.put(FieldMappingBuilder.FIELD_ID_KEY, fieldId);
      }
      m = m.withMetadata(merged);
    }
    return m;
  }

  private static FieldMapping applyNested(Field origin, FieldMapping inferred) {
    ArrowType o = origin.getType();
    int n = inferred.children().size();
    if (origin.getChildren().size() != n) {
      return inferred;
    }
    FieldMapping.Kind kind = null;
    ArrowType type = null;
    switch (inferred.kind()) {
      case STRUCT -> {
        if (o instanceof ArrowType.Struct) {
          kind = FieldMapping.Kind.STRUCT;
          type = o;
        }
      }
      case LIST -> {
        kind = listKind(o);
        type = o;
      }
      case MAP -> {
        if (o instanceof ArrowType.Map) {
          kind = FieldMapping.Kind.MAP;
          type = o;
        }
      }
      default -> { }
    }
    if (kind == null) {
      return inferred;
    }
    List<FieldMapping> children = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      Field originChild = origin.getChildren().get(i);
      FieldMapping child = apply(originChild, inferred.children().get(i));
      if (kind.isRepeated()) {
        // Parquet names list elements "element" and map fields "key"/"value" whatever Arrow called them
        child = child.withName(originChild.getName());
      }
      if (kind == FieldMapping.Kind.MAP && child.children().size() == originChild.getChildren().size()) {
        List<FieldMapping> entries = new ArrayList<>(child.children().size());
        for (int j = 0; j < child.children().size(); j++) {
          entries.add(child.children().get(j).withName(originChild.getChildren().get(j).getName()));
        }
        child = child.withChildren(entries);
      }
      children.add(child);
    }
    return inferred.withChildren(children).withKind(kind, type);
  }

  private static FieldMapping.Kind listKind(ArrowType o) {
    if (o instanceof ArrowType.List) {
      return FieldMapping.Kind.LIST;
    } else if (o instanceof ArrowType.LargeList) {
      return FieldMapping.Kind.LARGE_LIST;
    } else if (o instanceof ArrowType.FixedSizeList) {
      return FieldMapping.Kind.FIXED_SIZE_LIST;
    } else if (o instanceof ArrowType.ListView) {
      return FieldMapping.Kind.LIST_VIEW;
    } else if (o instanceof ArrowType.LargeListView) {
      return FieldMapping.Kind.LARGE_LIST_VIEW;
    }
    return null;
  }

  private static FieldMapping applyLeaf(Field origin, FieldMapping inferred) {
    ArrowType o = origin.getType();
    ArrowType t = inferred.type();
    if (origin.getDictionary() != null && inferred.field().getDictionary() == null
        && (t instanceof ArrowType.Utf8 || t instanceof ArrowType.Binary)) {
      // Arrow C++ reads dictionaries directly only for strings and binaries, with the inferred values
      DictionaryEncoding stored = origin.getDictionary();
      DictionaryEncoding encoding = new DictionaryEncoding(FieldMappingBuilder.UNNUMBERED_DICTIONARY,
          stored.isOrdered(), stored.getIndexType());
      FieldType ft = inferred.fieldType();
      return inferred.withFieldType(new FieldType(ft.isNullable(), t, encoding, ft.getMetadata()));
    }
    ArrowType restored = restoredLeafType(o, t);
    return restored == null ? inferred : inferred.withType(restored);
  }

  /** The type to use instead of the inferred {@code t}, or {@code null} to keep it. */
  private static ArrowType restoredLeafType(ArrowType o, ArrowType t) {
    if (o instanceof ArrowType.Timestamp ot && t instanceof ArrowType.Timestamp tt) {
      String zone = tt.getTimezone();
      // Parquet only knows "adjusted to UTC"; the writer's zone was lost
      if ("UTC".equals(zone) && ot.getTimezone() != null && !ot.getTimezone().isEmpty()) {
        zone = ot.getTimezone();
      }
      TimeUnit unit = tt.getUnit();
      if (ot.getUnit() == TimeUnit.SECOND && unit == TimeUnit.MILLISECOND) {
        unit = TimeUnit.SECOND;
      }
      ArrowType.Timestamp r = new ArrowType.Timestamp(unit, zone);
      return r.equals(tt) ? null : r;
    }
    if (o instanceof ArrowType.Duration && isInt(t, 64, true)) {
      return o;
    }
    if (o instanceof ArrowType.LargeBinary || o instanceof ArrowType.BinaryView) {
      return t instanceof ArrowType.Binary ? o : null;
    }
    if (o instanceof ArrowType.LargeUtf8 || o instanceof ArrowType.Utf8View) {
      return t instanceof ArrowType.Utf8 ? o : null;
    }
    if (o instanceof ArrowType.Decimal od && t instanceof ArrowType.Decimal td) {
      // arrow-vector reads no decimal32/64 from IPC, so only decimal256 can be stored here
      boolean same = od.getPrecision() == td.getPrecision() && od.getScale() == td.getScale();
      return same && od.getBitWidth() != td.getBitWidth() ? o : null;
    }
    if (o instanceof ArrowType.Date od && od.getUnit() == DateUnit.MILLISECOND
        && t instanceof ArrowType.Date td && td.getUnit() == DateUnit.DAY) {
      return o;
    }
    if (o instanceof ArrowType.Time ot && ot.getUnit() == TimeUnit.SECOND
        && t instanceof ArrowType.Time tt && tt.getUnit() == TimeUnit.MILLISECOND) {
      return o;
    }
    if (isInt(o, 32, false) && isInt(t, 64, true)) {
      return o;
    }
    return null;
  }

  private static boolean isInt(ArrowType type, int bits, boolean signed) {
    return type instanceof ArrowType.Int i && i.getBitWidth() == bits && i.getIsSigned() == signed;
  }

  /** Whether a type with these children equals the field's type and children, metadata ignored. */
  static boolean sameType(ArrowType type, List<Field> children, Field field) {
    if (!type.equals(field.getType()) || children.size() != field.getChildren().size()) {
      return false;
    }
    for (int i = 0; i < children.size(); i++) {
      Field a = children.get(i);
      Field b = field.getChildren().get(i);
      if (!a.getName().equals(b.getName()) || a.isNullable() != b.isNullable()
          || !sameType(a.getType(), a.getChildren(), b)) {
        return false;
      }
    }
    return true;
  }
}
