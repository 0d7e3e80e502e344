/**
 * The pixel size of an image file, decoded by the browser; null when it cannot decode it.
 * createImageBitmap reads the file directly: an <img> on a blob: URL would need the CSP to allow blob: images.
 */
export async function readImageSize(file: File): Promise<{ width: number; height: number } | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
}
