/** The reference service's multipart reader, where the action's tests have always found it. */
export {
  boundaryOf,
  MultipartSyntaxError,
  parseMultipart,
  type FormPart,
} from '../service/multipart.ts';
