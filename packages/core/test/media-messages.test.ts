import { describe, expect, it } from 'vitest';
import { FILE_MESSAGES, mediaDuration, srcsetFromVariants, unsupportedFileMessage } from '../src/index.js';

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
      vimeoBasic: 'Vimeo Basic accounts are unsupported. Please share a video from a different account.',
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

describe('mediaDuration', () => {
  it('shows m:ss below an hour and h:mm:ss from an hour on, seconds cut', () => {
    expect(mediaDuration(0)).toBe('0:00');
    expect(mediaDuration(59_500)).toBe('0:59');
    expect(mediaDuration(60_000)).toBe('1:00');
    expect(mediaDuration(3_599_000)).toBe('59:59');
    expect(mediaDuration(3_600_000)).toBe('1:00:00');
    expect(mediaDuration(-5)).toBe('0:00');
  });
});
