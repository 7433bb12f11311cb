import { parseOverlayOptions } from '../../shared/overlay'
import { startOverlay } from './overlay-app'
import { overlayElements } from './overlay-view'
import './overlay.css'
import './supporters.css'

// The overlay's entry (overlay.html): a page of its own, with none of the fans' app in it.
startOverlay(
  { window, EventSource },
  overlayElements(document),
  parseOverlayOptions(location.search),
)
