// Reading a multipart form (an image upload): the first part named `file` and the text fields. Parts
// the route does not ask for are drained, not kept.
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../errors';

export type MultipartForm = { file: { data: Buffer; filename: string } | null; fields: Record<string, string> };

export async function readMultipartForm(req: FastifyRequest, expected: string): Promise<MultipartForm> {
  if (!req.isMultipart()) throw new HttpError(400, 'invalid_body', `Expected a multipart form with ${expected}`);
  const form: MultipartForm = { file: null, fields: {} };
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || form.file) { await part.toBuffer(); continue; }
        form.file = { data: await part.toBuffer(), filename: part.filename };
      } else if (typeof part.value === 'string') {
        form.fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    // Fastify's own errors (file too large, too many parts) keep their answer; a body the parser
    // cannot read (no boundary, cut off mid-part) is the client's fault, not a 500.
    if (String((err as { code?: unknown }).code ?? '').startsWith('FST_')) throw err;
    throw new HttpError(400, 'invalid_body', 'Invalid request: the multipart form is incomplete or malformed');
  }
  return form;
}
