export async function runBuild(_opts: { siteDir: string; outDir: string; strictLinks: boolean }): Promise<number> {
  console.error('docgen build: not available yet');
  return 1;
}
