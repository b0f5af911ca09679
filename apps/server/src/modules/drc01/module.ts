import type { AppModule } from '../../platform/module';
import { drc01Routes } from './drc01.routes';

/** /drc-01b, /drc-01c and their views: intimations of Rules 88C and 88D, the product's precheck and the Part B reply. */
export const drc01Module: AppModule = { name: 'drc01', routes: drc01Routes };
