/** A file of the import refused: 422 with the message naming it (and the file in `issues`). */
export class PlacesImportError extends Error {
  readonly file: string;
  constructor(file: string, message: string) {
    super(message);
    this.name = "PlacesImportError";
    this.file = file;
  }
}
