import Glibc
import MetroGPIO
import Testing

@Suite("GPIO errors")
struct GPIOErrorTests {
    @Test("the description is the whole message, errno kept alongside")
    func description() {
        let error = GPIOError(kind: .busy, errno: EBUSY, message: "line 17 on gpiochip0 is busy (used by 'sysfs')",
                              ukrainian: "лінія 17 на gpiochip0 зайнята (її тримає 'sysfs')")
        #expect("\(error)" == "line 17 on gpiochip0 is busy (used by 'sysfs')")
        #expect(error.errno == EBUSY)
        #expect(error.kind == .busy)
    }
}
