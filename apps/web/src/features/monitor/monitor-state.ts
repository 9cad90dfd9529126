/** The AI monitor screen's state: whether it polls (the refresh button asks on demand). */
export type MonitorState = {
  /** Poll the server every few seconds (on by default). */
  autoRefresh: boolean;
};

export const initialMonitorState: MonitorState = { autoRefresh: true };

export type MonitorAction = { type: 'autoRefresh'; on: boolean };

export function monitorReducer(state: MonitorState, action: MonitorAction): MonitorState {
  switch (action.type) {
    case 'autoRefresh':
      return state.autoRefresh === action.on ? state : { ...state, autoRefresh: action.on };
  }
}

/** How often the monitor polls while auto refresh is on (false: only on demand). */
export const pollInterval = (state: MonitorState, everyMs: number): number | false =>
  state.autoRefresh ? everyMs : false;
