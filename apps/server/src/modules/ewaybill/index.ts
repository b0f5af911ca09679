// The e-way bill module's face to other modules.
export { ewaybillModule } from './module';
/** Whether a document has a live e-way bill (the e-invoice module refuses to cancel its IRN then: the IRP's 2230). */
export { liveEwaybillNumberOf } from './ewaybill.repo';
