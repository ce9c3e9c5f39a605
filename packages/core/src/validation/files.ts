import { fillMessage } from './messages.js';

/**
 * The editor's file messages (platform.md section 8, "Editor string table"), with their placeholders.
 * Sizes in `{maxSize}` are limits, counted in megabytes of 1,000,000 bytes (BYTES_PER_MB).
 */
export const FILE_MESSAGES = Object.freeze({
  tooLarge: 'The file {fileName} is too large. The maximum allowed file size is {maxSize}.',
  unsupportedType: 'The file {fileName} does not appear to be a supported {fileTypeMessage}file.',
  uploadIncomplete: 'File upload failed to complete',
  uploadProblem: 'There was a problem while uploading your file.',
  renameProblem: 'There was a problem while renaming your file.',
  processingFailed: 'File processing failed',
  processingCancelled: 'File processing cancelled',
  processingIncomplete: 'File processing failed to complete',
  vimeoBasic: 'Vimeo Basic accounts are unsupported. Please share a video from a different account.',
});

/**
 * "The file x.jpg does not appear to be a supported image file.": the kind of file expected, when
 * there is one, stands before "file" with its space ("image ", "video "); without one, "a supported file".
 */
export function unsupportedFileMessage(fileName: string, kind?: string): string {
  return fillMessage(FILE_MESSAGES.unsupportedType, { fileName, fileTypeMessage: kind ? `${kind} ` : '' });
}
