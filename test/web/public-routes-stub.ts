// What web/build/public-routes.ts writes as virtual:public-routes at build time (jest has no Vite).
import { publicRouteIds } from '../../web/build/public-routes';

export default publicRouteIds();
