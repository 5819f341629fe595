/** A file that could not be read, with the message (naming the file) the traveller sees. */
export class BookingFileError extends Error {
  readonly status: 413 | 422 | 503;
  readonly file: string;
  constructor(status: 413 | 422 | 503, file: string, message: string) {
    super(message);
    this.name = "BookingFileError";
    this.status = status;
    this.file = file;
  }
}
