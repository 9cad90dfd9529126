import type { TaskName } from '../../entities/common.ts';
import { calculateWorkflowProgress } from './calculate-workflow-progress.ts';

/** W §4 Workflow state: current task, completed tasks, progress (0–100), processing flag and message. */
export interface WorkflowState {
  currentTask: TaskName | null;
  completedTasks: TaskName[];
  progress: number;
  isProcessing: boolean;
  message: string;
}

export type WorkflowEvent =
  | { type: 'TASK_STARTED'; task: TaskName }
  | { type: 'ADD_COMPLETED_TASK'; task: TaskName }
  | { type: 'SET_PROCESSING'; isProcessing: boolean; message?: string }
  | { type: 'RESET' };

export const INITIAL_WORKFLOW_STATE: WorkflowState = {
  currentTask: null,
  completedTasks: [],
  progress: 0,
  isProcessing: false,
  message: '',
};

/** Pure reducer of the workflow state; one ADD_COMPLETED_TASK event is committed per finished task. */
export function reduceWorkflowState(state: WorkflowState, event: WorkflowEvent): WorkflowState {
  switch (event.type) {
    case 'TASK_STARTED':
      return { ...state, currentTask: event.task };
    case 'ADD_COMPLETED_TASK': {
      const completedTasks = state.completedTasks.includes(event.task)
        ? state.completedTasks
        : [...state.completedTasks, event.task];
      return {
        ...state,
        completedTasks,
        progress: calculateWorkflowProgress(completedTasks),
        currentTask: state.currentTask === event.task ? null : state.currentTask,
      };
    }
    case 'SET_PROCESSING':
      return {
        ...state,
        isProcessing: event.isProcessing,
        message: event.isProcessing ? (event.message ?? '') : '',
      };
    case 'RESET':
      return INITIAL_WORKFLOW_STATE;
  }
}
