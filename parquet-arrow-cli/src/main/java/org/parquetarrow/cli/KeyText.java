package org.parquetarrow.cli;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HexFormat;

/** Key bytes written on the command line: {@code hex:…}, {@code base64:…}, or ASCII text. */
final class KeyText {
  private KeyText() {}

  static byte[] parse(String text, String what) {
    try {
      if (text.startsWith("hex:")) {
        return HexFormat.of().parseHex(text.substring(4));
      }
      if (text.startsWith("base64:")) {
        return Base64.getDecoder().decode(text.substring(7));
      }
    } catch (IllegalArgumentException e) {
      throw new UserInputException(what + " is not valid " + text.substring(0, text.indexOf(':'))
          + ": " + e.getMessage());
    }
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) > 0x7e || text.charAt(i) < 0x20) {
        throw new UserInputException(what + " holds a non-ASCII character; use hex: or base64:");
      }
    }
    return text.getBytes(StandardCharsets.US_ASCII);
  }
}
