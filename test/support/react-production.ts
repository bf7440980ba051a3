// The tests render pages with React's production build, as the portal does in production. React picks its
// build by NODE_ENV when first loaded; the development one cost the HTTP tests about a fifth of their CPU
// (element validation, owner stacks through console.createTask) for warnings no test reads. NODE_ENV is
// set only while React loads, so nothing else (the portal processes some tests start) sees it changed.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const nodeEnv = process.env.NODE_ENV;
process.env.NODE_ENV = 'production';
try {
  for (const entry of ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/server']) require(entry);
} finally {
  if (nodeEnv === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = nodeEnv;
}
