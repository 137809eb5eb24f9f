import { postIdToken, setCookie } from './http.js';
import { baseEnv, startServe, testSecret, type ServeProcess } from './serve-process.js';
import { TokenForge } from './token-forge.js';

export interface SignedInServe {
  serve: ServeProcess;
  /** Signs tokens docgen serve accepts (its local key set). */
  forge: TokenForge;
  /** The `__session` cookie of one signed-in user. */
  cookie: string;
  stop(): Promise<void>;
}

/**
 * `docgen serve` on a build folder, trusting a local key set, with one session already made
 * through POST __auth/session: what most serve tests start from.
 */
export async function startSignedInServe(buildDir: string): Promise<SignedInServe> {
  const forge = await TokenForge.create();
  await forge.listen();
  try {
    const serve = await startServe(buildDir, baseEnv({ DOCGEN_FIREBASE_JWKS_URL: forge.jwksUrl, DOCGEN_SESSION_SECRET: testSecret() }));
    const cookie = setCookie(await postIdToken(serve.url, await forge.sign()), '__session')!;
    return {
      serve,
      forge,
      cookie,
      stop: async () => {
        await serve.stop();
        await forge.close();
      },
    };
  } catch (error) {
    await forge.close();
    throw error;
  }
}
