import { DOCUMENT_TOO_LARGE_MESSAGE } from '../../contracts/documents.js';
import { HttpError } from '../http/http-error.js';

/** The file arrived but its content cannot become knowledge: the message says what to do instead. */
export const unprocessableDocument = (message: string) => new HttpError(422, message);

export const documentTooLarge = () => new HttpError(413, DOCUMENT_TOO_LARGE_MESSAGE);
