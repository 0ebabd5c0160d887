import { describe, expect, it } from 'vitest';
import { ApiError } from '#client/lib/api';
import { uploadRefusal } from './upload-media';

const file = (name: string) => new File(['x'], name, { type: 'image/jpeg' });
const refused = (status: number, message: string) =>
  new ApiError(status, 'Bad Request', JSON.stringify({ message }));

describe('uploadRefusal', () => {
  const files = [file('stage.jpg'), file('notes.jpg'), file('notes.jpg.jpg')];

  it('tells the server’s words with the file they name', () => {
    const message = 'notes.jpg is not one of JPEG, PNG, WebP, AVIF or HEIC photos';
    expect(uploadRefusal(refused(400, message), files)).toEqual({ message, fileIndex: 1 });
    const tooLarge = 'notes.jpg.jpg is larger than 10 MB';
    expect(uploadRefusal(refused(413, tooLarge), files)).toEqual({
      message: tooLarge,
      fileIndex: 2,
    });
  });

  it('finds a long name as the server shortens it', () => {
    const long = `${'a'.repeat(90)}.jpg`;
    const message = `${'a'.repeat(77)}… could not be read as an image`;
    expect(uploadRefusal(refused(400, message), [file('x.jpg'), file(long)])).toEqual({
      message,
      fileIndex: 1,
    });
  });

  it('keeps a reason that names no file for the upload as a whole', () => {
    const message = 'Too many uploads; try again in 12 minutes';
    expect(uploadRefusal(refused(429, message), files)).toEqual({ message, fileIndex: null });
  });

  it('has nothing to tell when no answer came', () => {
    expect(uploadRefusal(new Error('Failed to upload files'), files)).toBeNull();
  });
});
