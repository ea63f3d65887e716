/**
 * `--password-stdin`: the password is read from standard input instead of the command line, where
 * every user of the machine could read it in the process list. One line; the line break that ends
 * it (as `echo` or a here-string adds) is not part of the password.
 */
export async function readPasswordFrom(input: AsyncIterable<Buffer | string>): Promise<string> {
  let text = '';
  for await (const chunk of input) {
    text += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
    if (text.length > 4096) break;
  }
  return text.replace(/\r?\n$/, '');
}
