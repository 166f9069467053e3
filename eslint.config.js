// Lint rules: the recommended sets of ESLint and typescript-eslint, plus the house rules that
// catch what review would otherwise have to (focused tests, console output in the service).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** The code linted with type information: what tsconfig.json compiles. */
const TYPED = ['src/**/*.ts', 'client/**/*.ts'];

export default tseslint.config(
  // client/openapi-types.ts is generated from the API document (npm run generate:client-types).
  { ignores: ['dist/', 'node_modules/', 'data/', 'coverage/', 'client/openapi-types.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // With type information where the service's and the SDK's own code is: a floating promise, a
  // promise where a callback's result is ignored, an `any` leaking out. Tests read untyped JSON
  // answers on purpose (their assertions check the shapes), so they keep the rules without types.
  ...tseslint.configs.recommendedTypeChecked.map((config) => ({ ...config, files: TYPED })),
  {
    files: TYPED,
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // Fastify plugins and handlers, and implementations of promise-returning interfaces (the
      // rate-limit stores), are async by contract whether or not their body awaits.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'describe', property: 'only', message: 'A committed .only hides the rest of the suite.' },
        { object: 'it', property: 'only', message: 'A committed .only hides the rest of the suite.' },
        { object: 'test', property: 'only', message: 'A committed .only hides the rest of the suite.' },
      ],
    },
  },
  {
    files: ['bench/**/*.mjs', 'scripts/**/*.mjs'],
    languageOptions: {
      globals: {
        process: 'readonly',
        URL: 'readonly',
        fetch: 'readonly',
        Buffer: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        setTimeout: 'readonly',
        AbortController: 'readonly',
      },
    },
  },
  {
    files: ['src/**/*.ts'],
    rules: { 'no-console': 'error' },
  },
  {
    // The layers of ARCHITECTURE: only routes (and the app that mounts them) speak HTTP. Services,
    // repositories, schemas and the database layer never import from http/.
    files: ['src/modules/**/*.ts', 'src/db/**/*.ts', 'src/shared/**/*.ts'],
    ignores: ['src/modules/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/http/*'], message: 'Only routes import from http/: move what is shared to shared/.' },
          ],
        },
      ],
    },
  },
);
