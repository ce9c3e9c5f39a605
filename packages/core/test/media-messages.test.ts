import { describe, expect, it } from 'vitest';
import { FILE_MESSAGES, srcsetFromVariants, unsupportedFileMessage } from '../src/index.js';

describe('file messages', () => {
  it('are the spec’s editor strings', () => {
    expect(FILE_MESSAGES).toEqual({
      tooLarge: 'The file {fileName} is too large. The maximum allowed file size is {maxSize}.',
      unsupportedType: 'The file {fileName} does not appear to be a supported {fileTypeMessage}file.',
      uploadIncomplete: 'File upload failed to complete',
      uploadProblem: 'There was a problem while uploading your file.',
      renameProblem: 'There was a problem while renaming your file.',
      processingFailed: 'File processing failed',
      processingCancelled: 'File processing cancelled',
      processingIncomplete: 'File processing failed to complete',
    });
  });

  it('name the kind of file expected, or none', () => {
    expect(unsupportedFileMessage('x.jpg', 'image')).toBe('The file x.jpg does not appear to be a supported image file.');
    expect(unsupportedFileMessage('x.bin')).toBe('The file x.bin does not appear to be a supported file.');
  });
});

describe('srcsetFromVariants with a hashed URL', () => {
  it('adds the format as one more query parameter', () => {
    expect(srcsetFromVariants('/a.jpg?v=abc', '800x600,100w,500w')).toBe(
      '/a.jpg?v=abc&format=100w 100w,/a.jpg?v=abc&format=500w 500w,/a.jpg?v=abc&format=original 750w',
    );
  });
});
