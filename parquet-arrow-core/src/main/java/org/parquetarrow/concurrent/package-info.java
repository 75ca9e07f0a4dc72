/**
 * Internal: the library's background threads (named daemon threads, pools that end idle threads)
 * and waiting for a helper's task before freeing what it uses. Depends on nothing else in core.
 */
package org.parquetarrow.concurrent;
