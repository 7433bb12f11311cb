import { useEffect, useReducer } from 'react'
import { cartReducer, initialCartState } from './cart'
import { cartStorageKey, loadCart, saveCart } from './cart-storage'

/**
 * The cart reducer, remembered in localStorage. The saved cart is read after mount, not during
 * the first render, because /store is pre-rendered with an empty cart and then hydrated.
 */
export function useCart() {
  const [state, dispatch] = useReducer(cartReducer, initialCartState)

  useEffect(() => {
    dispatch({ type: 'restore', lines: loadCart() })
    // Another tab changed the cart (or emptied it after a purchase): follow it.
    const onStorage = (event: StorageEvent) => {
      if (event.key === cartStorageKey || event.key === null) {
        dispatch({ type: 'restore', lines: loadCart() })
      }
    }
    window.addEventListener('storage', onStorage)
    return () => window.removeEventListener('storage', onStorage)
  }, [])

  useEffect(() => {
    if (state.restored) saveCart(state.lines)
  }, [state.restored, state.lines])

  return [state, dispatch] as const
}
