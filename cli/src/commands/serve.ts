/** Placeholder until the sign-in gate issue lands: `docgen serve`. */
export async function runServe(_opts: { siteDir: string; dir: string; port: number; host: string }): Promise<number> {
  console.error('docgen serve: not available yet');
  return 1;
}
