// The data-activities module's face to other modules: the returns record their portal traffic here.
export { lastActivity, searchActivities, startActivity, updateActivity } from './data-activity.repo';
