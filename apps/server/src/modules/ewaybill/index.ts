// The e-way bill module's face to other modules.
export { ewaybillModule } from './module';
