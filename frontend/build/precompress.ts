import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT_FILE = /\.(js|css|html|svg|webmanifest|json)$/;

/**
 * Writes `<file>.br` (brotli, maximum quality) and `<file>.gz` (gzip -9) beside every text file under `directory`,
 * so the gateway serves the build compressed without compressing per request. A copy that would not be smaller is
 * not written (the file is then sent as it is).
 */
export async function precompressDirectory(directory: string): Promise<void> {
  const files = (await readdir(directory, { recursive: true })).filter((file) => TEXT_FILE.test(file));
  await Promise.all(
    files.map(async (file) => {
      const path = join(directory, file);
      const content = await readFile(path);
      const brotliParams = {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      };
      const copies: [string, Buffer][] = [
        ['.br', brotliCompressSync(content, { params: brotliParams })],
        ['.gz', gzipSync(content, { level: 9 })],
      ];
      for (const [suffix, compressed] of copies)
        if (compressed.length < content.length) await writeFile(path + suffix, compressed);
    }),
  );
}
