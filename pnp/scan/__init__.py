"""Reading photos of finished sheets and score pads."""
