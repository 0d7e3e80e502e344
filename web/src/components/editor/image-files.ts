import { LIMITS } from '@answer/contract';

/** Why a file cannot be uploaded into a post (spec section 5: images only, at most 4 MB), or null. */
export function imageProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return 'editor.image_dialog.not_image';
  if (file.size > LIMITS.imageMaxBytes) return 'editor.image_dialog.too_large';
  return null;
}

/** The files of a paste or drop that are meant as images. */
export const imageFilesOf = (files: FileList | null | undefined): File[] =>
  Array.from(files ?? []).filter((f) => f.type.startsWith('image/'));

/** A file name without its extension: the default description of a pasted image. */
export const describeFile = (name: string) => name.replace(/\.[^.]*$/, '');
